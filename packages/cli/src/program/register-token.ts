import { type Command, Option } from 'commander';
import { parseExpires } from '../output/parse-expires.ts';
import { addStoreOptions, type StoreCliOptions } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface TokenCreateCliOptions extends StoreCliOptions {
  name: string;
  agent?: string;
  workspace?: string;
  expires?: Date;
}

/** Adds `skillset token` and its `create`. */
export function registerToken(program: Command, { terminal, outcome }: CommandContext): void {
  const token = program.command('token').description("Manage the server's tokens");
  addStoreOptions(
    token
      .command('create')
      .description('Create a token for the owner, or for an agent with --agent; printed once'),
  )
    .requiredOption('--name <name>', 'what the token is for, e.g. "ci"')
    .option('--agent <agent>', "the agent's name or id: the token acts as that agent")
    .option(
      '--workspace <workspace>',
      "the agent's workspace, id or slug (default: the owner's first)",
    )
    .addOption(
      new Option('--expires <duration>', 'expire after this long, e.g. 30d, 12h, 90m').argParser(
        parseExpires,
      ),
    )
    .action(async (options: TokenCreateCliOptions) => {
      const { expires, ...rest } = options;
      const { runTokenCreate } = await import('../commands/token-create.ts');
      outcome.exitCode = await runTokenCreate(terminal, {
        ...rest,
        ...(expires === undefined ? {} : { expiresAt: expires }),
      });
    });
}
