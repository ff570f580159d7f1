import type { Command } from 'commander';
import { addStoreOptions, type StoreCliOptions } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface SignInLinkCliOptions extends StoreCliOptions {
  url?: string;
  email?: string;
}

/** Adds `skillset sign-in-link`. */
export function registerSignInLink(program: Command, { terminal, outcome }: CommandContext): void {
  addStoreOptions(
    program
      .command('sign-in-link')
      .description(
        "Print a fresh one-time sign-in link for the server's owner, or with --email for that member (valid 15 minutes)",
      ),
  )
    .option('--url <url>', 'the address people open the server at (default: the running server)')
    .option('--email <address>', 'sign in the account of this address instead of the owner')
    .action(async (options: SignInLinkCliOptions) => {
      const { runSignInLink } = await import('../commands/sign-in-link.ts');
      outcome.exitCode = await runSignInLink(terminal, options);
    });
}
