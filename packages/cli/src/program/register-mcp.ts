import { type Command, Option } from 'commander';
import { AGENT_NAMES, type AgentName } from '../agents/agent-table.ts';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface McpCliOptions {
  dir: string[];
  agent?: AgentName;
  catalog: boolean;
}

/** Adds `skillset mcp`. */
export function registerMcp(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('mcp')
    .description(
      'Serve the skills to an MCP client over stdio (tools, prompts and resources, under the local policy)',
    )
    .addOption(dirOption())
    .addOption(
      new Option(
        '--agent <agent>',
        'also serve the skill folders this agent reads, in the project and your home',
      ).choices(AGENT_NAMES as string[]),
    )
    .option(
      '--no-catalog',
      "leave the skills' catalog out of use_skill's description (for an agent a hook shows the relevant skills with each prompt)",
    )
    .action(async (options: McpCliOptions) => {
      const { runMcp } = await import('../commands/mcp.ts');
      outcome.exitCode = await runMcp(terminal, {
        dirs: options.dir,
        catalog: options.catalog,
        ...(options.agent === undefined ? {} : { agent: options.agent }),
      });
    });
}
