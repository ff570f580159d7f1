import { CommanderError } from 'commander';
import { createProgram } from './create-program.ts';
import type { Terminal } from './output/terminal.ts';

/** Exit codes: 0 success, 1 the command found a problem, 2 the command line was wrong. */
export const EXIT_USAGE = 2;

/** Runs the `skillset` command line and resolves with the exit code. */
export async function runCli(argv: readonly string[], terminal: Terminal): Promise<number> {
  const outcome = { exitCode: 0 };
  const program = createProgram(terminal, outcome);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    terminal.stderr.write(`skillset: ${message}\n`);
    return 1;
  }
}
