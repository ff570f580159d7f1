import { type Command, Option } from 'commander';
import { collect } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface AddCliOptions {
  scope: 'project' | 'personal';
  path?: string;
  skill: string[];
  all?: boolean;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** Adds `skillset add <source>`. */
export function registerAdd(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('add')
    .description(
      'Install skills from a folder, a .zip, a git URL or owner/repo[/path][@ref] into .claude/skills (validated first, recorded in skillset-lock.json)',
    )
    .argument(
      '<source>',
      'skill folder, folder of skills, SKILL.md, .zip, git URL[#subdir], GitHub tree URL, or owner/repo[/path][@ref]',
    )
    .addOption(
      new Option('--scope <scope>', 'project: ./.claude/skills; personal: ~/.claude/skills')
        .choices(['project', 'personal'])
        .default('project'),
    )
    .option('--path <subdir>', 'read the skills from this folder inside the source')
    .addOption(
      new Option('--skill <name>', 'only this skill of a source with several (repeatable)')
        .argParser(collect)
        .default([]),
    )
    .option('--all', 'install every skill of a source with several')
    .option('--force', 'replace a skill folder that already exists')
    .option('--dry-run', 'show what would be written, write nothing')
    .option('--json', 'print machine-readable JSON')
    .action(async (source: string, options: AddCliOptions) => {
      const { runAdd } = await import('../commands/add.ts');
      const { skill, ...rest } = options;
      outcome.exitCode = await runAdd(terminal, { source, skills: skill, ...rest });
    });
}
