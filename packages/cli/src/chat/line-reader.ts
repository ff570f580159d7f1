import { createInterface, type Interface } from 'node:readline';

/** Reads the person's lines one at a time, whether they type them or pipe them in. */
export interface LineReader {
  readonly readline: Interface;
  /** The next line, or undefined once the input has ended; the prompt shows on a terminal only. */
  next(prompt: string): Promise<string | undefined>;
  /** Shows a question (also when the input is piped) and resolves with the answer line. */
  ask(question: string): Promise<string | undefined>;
  close(): void;
}

/** Options for {@link createLineReader}. */
export interface LineReaderOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream & { isTTY?: boolean };
  completer: (line: string) => [string[], string];
}

/** Queues lines as they arrive, so piped input is never lost between prompts. */
export function createLineReader(options: LineReaderOptions): LineReader {
  const interactive = options.input.isTTY === true && options.output.isTTY === true;
  const readline = createInterface({
    input: options.input,
    output: options.output,
    completer: options.completer,
    terminal: interactive,
  });
  const lines: string[] = [];
  const waiting: Array<(line: string | undefined) => void> = [];
  let ended = false;
  readline.on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve === undefined) lines.push(line);
    else resolve(line);
  });
  readline.on('close', () => {
    ended = true;
    for (const resolve of waiting.splice(0)) resolve(undefined);
  });
  const next = (prompt: string): Promise<string | undefined> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.resolve(undefined);
    if (interactive) {
      readline.setPrompt(prompt);
      readline.prompt();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    readline,
    next,
    ask(question) {
      if (!interactive) options.output.write(`${question}\n`);
      return next(question);
    },
    close: () => readline.close(),
  };
}
