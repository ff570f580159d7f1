import { Argument, type Command, Option } from 'commander';
import { AGENT_NAMES, type AgentName } from '../agents/agent-table.ts';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import type { CommandContext } from './command-context.ts';

interface ConnectCliOptions {
  global?: boolean;
  server?: string;
  token?: string;
  json?: boolean;
}

interface DisconnectCliOptions {
  global?: boolean;
  json?: boolean;
}

interface HookServerCliOptions {
  socket: string;
  idleSeconds?: number;
}

const agentArgument = () =>
  new Argument('<agent>', AGENT_NAMES.join(', ')).choices(AGENT_NAMES as string[]);

/** Adds `connect`, `disconnect`, `hook` and the hidden `hook-server`. */
export function registerConnect(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('connect')
    .description(
      "Make an agent use your skills well: its settings gain Skillset through the agent's own extension points (for Claude Code a hook that shows the skills relevant to each prompt); --server syncs the skills first",
    )
    .addArgument(agentArgument())
    .option('--global', "your user settings and folders instead of this project's")
    .option('--server <url>', 'sync the skills from this Skillset server first')
    .option('--token <token>', 'your token for --server (default: SKILLSET_TOKEN; never written)')
    .option('--json', 'print machine-readable JSON')
    .action(async (agent: AgentName, options: ConnectCliOptions) => {
      const { runConnect } = await import('../commands/connect.ts');
      outcome.exitCode = await runConnect(terminal, { agent, ...options });
    });

  program
    .command('disconnect')
    .description(
      'Take back exactly what skillset connect changed for an agent, and the skills its sync installed',
    )
    .addArgument(agentArgument())
    .option('--global', "your user settings and folders instead of this project's")
    .option('--json', 'print machine-readable JSON')
    .action(async (agent: AgentName, options: DisconnectCliOptions) => {
      const { runDisconnect } = await import('../commands/disconnect.ts');
      outcome.exitCode = await runDisconnect(terminal, { agent, ...options });
    });

  program
    .command('hook')
    .description(
      "Answer an agent's per-prompt hook (the agent runs it; reads the hook input on stdin, prints the relevant skills; always exits 0)",
    )
    .argument('<agent>', AGENT_NAMES.join(', '))
    .action(async (agent: string) => {
      const { runHook } = await import('../commands/hook.ts');
      outcome.exitCode = await runHook(terminal, { agent });
    });

  program
    .command('hook-server', { hidden: true })
    .description('Serve the hook on a socket until idle (started by the hook itself)')
    .requiredOption('--socket <path>', 'the Unix socket to listen on')
    .addOption(
      new Option('--idle-seconds <n>', 'exit after this long idle').argParser(parsePositiveInteger),
    )
    .action(async (options: HookServerCliOptions) => {
      const { runHookServer } = await import('../commands/hook-server.ts');
      outcome.exitCode = await runHookServer(terminal, options);
    });
}
