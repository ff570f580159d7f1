import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface SignCliOptions {
  key?: string;
  dir: string[];
  json?: boolean;
}

/** Adds `skillset sign <skill>`. */
export function registerSign(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('sign')
    .description('Sign a skill with an SSH key: writes SKILL.manifest.json and SKILL.sig')
    .argument('<skill>', 'skill name, or the path of a skill folder')
    .option(
      '--key <path>',
      'SSH private key, or a .pub whose key is in ssh-agent (default: git config user.signingkey, else ~/.ssh/id_ed25519)',
    )
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (target: string, options: SignCliOptions) => {
      const { runSign } = await import('../commands/sign.ts');
      outcome.exitCode = await runSign(terminal, {
        target,
        dirs: options.dir,
        ...(options.key === undefined ? {} : { key: options.key }),
        ...(options.json === undefined ? {} : { json: options.json }),
      });
    });
}
