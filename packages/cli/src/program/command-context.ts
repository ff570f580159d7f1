import type { Terminal } from '../output/terminal.ts';

/** Where a command leaves its exit code. */
export interface CommandOutcome {
  exitCode: number;
}

/** What every command's action needs: the terminal it writes to and where it leaves its exit code. */
export interface CommandContext {
  terminal: Terminal;
  outcome: CommandOutcome;
}
