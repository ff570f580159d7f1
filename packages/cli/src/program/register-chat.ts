import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface ChatCliOptions {
  dir: string[];
  model?: string;
  print?: string;
}

/** Adds `skillset chat`. */
export function registerChat(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('chat')
    .description(
      'Chat with a model that uses the skills (streaming; /skills lists them; -p runs one message and prints the answer)',
    )
    .addOption(dirOption())
    .option(
      '--model <provider:id>',
      'openai:<id>, anthropic:<id> or openai-compatible:<id> (default: SKILLSET_MODEL)',
    )
    .option('-p, --print <message>', 'run one message non-interactively and print the final answer')
    .action(async (options: ChatCliOptions) => {
      const { runChat } = await import('../commands/chat.ts');
      outcome.exitCode = await runChat(terminal, {
        dirs: options.dir,
        ...(options.model === undefined ? {} : { model: options.model }),
        ...(options.print === undefined ? {} : { print: options.print }),
      });
    });
}
