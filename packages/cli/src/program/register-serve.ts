import { type Command, Option } from 'commander';
import { addStoreOptions, type StoreCliOptions } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface ServeCliOptions extends StoreCliOptions {
  trustProxy?: boolean;
  maxConnectionsPerAddress?: string;
  logFormat?: string;
  memoryBudget?: string;
}

/** Adds `skillset serve`. */
export function registerServe(program: Command, { terminal, outcome }: CommandContext): void {
  addStoreOptions(
    program
      .command('serve')
      .description(
        'Run the skills server (API and web UI) on PGlite, or on PostgreSQL with --database-url',
      ),
  )
    .option(
      '--trust-proxy',
      'behind a reverse proxy: trust its X-Forwarded-For and X-Forwarded-Proto (or SKILLSET_TRUST_PROXY=1)',
    )
    .option(
      '--max-connections-per-address <n>',
      'connections one client address holds, the idle longest closed first (default 256; behind --trust-proxy: requests in flight per forwarded client; or SKILLSET_MAX_CONNECTIONS_PER_ADDRESS)',
    )
    .option(
      '--memory-budget <MiB>',
      'memory the workspace registries may hold; past it the least recently used are dropped and load again when asked (default 256; or SKILLSET_MEMORY_BUDGET_MB)',
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'logs on stdout: text (readable lines) or json (JSON lines; the start-up lines then go to stderr); default text on a terminal, else json (or SKILLSET_LOG_FORMAT)',
      ).choices(['text', 'json']),
    )
    .action(async (options: ServeCliOptions) => {
      const { runServe } = await import('../commands/serve.ts');
      outcome.exitCode = await runServe(terminal, options);
    });
}
