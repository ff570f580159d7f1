import { styleText } from 'node:util';

/** The streams and facts a command writes with; tests pass their own. */
export interface Terminal {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where an interactive command reads the person's lines; the process's stdin when absent. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

type Style = Parameters<typeof styleText>[0];

/** Styles text for the given stream: colours only on a TTY, never when NO_COLOR is set. */
export function paint(terminal: Terminal, stream: 'stdout' | 'stderr', style: Style, text: string) {
  const target = terminal[stream];
  if (!target.isTTY || terminal.env.NO_COLOR !== undefined) return text;
  return styleText(style, text, { validateStream: false });
}

/** Writes a line to stdout. */
export function printLine(terminal: Terminal, line = '') {
  terminal.stdout.write(`${line}\n`);
}

/** Writes pretty-printed JSON to stdout. */
export function printJson(terminal: Terminal, value: unknown) {
  terminal.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
