import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('./stdout-log-destination.ts', import.meta.url).href;

/** Runs `body` in a Node process with `destination` made for its stdout (a pipe to this one). */
function child(body: string): {
  writer: ChildProcessByStdio<null, Readable, Readable>;
  exited: Promise<unknown[]>;
} {
  const script = `import { createStdoutLogDestination } from ${JSON.stringify(MODULE)};\nconst destination = createStdoutLogDestination();\n${body}`;
  const writer = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { writer, exited: once(writer, 'exit') };
}

function collect(stream: Readable): () => string {
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return () => text;
}

const numbered = (count: number, width = 0) =>
  Array.from({ length: count }, (_, index) => `line ${index} ${'x'.repeat(width)}`.trimEnd());

describe('createStdoutLogDestination', () => {
  it('writes every line, in order, when the process exits in the turn that wrote them', async () => {
    const { writer, exited } = child(`
      for (let index = 0; index < 1000; index += 1) destination.write('line ' + index + '\\n');
      process.exit(0);
    `);
    const stdout = collect(writer.stdout);
    const stderr = collect(writer.stderr);
    const [code] = await exited;
    expect(stderr()).toBe('');
    expect(code).toBe(0);
    expect(stdout().split('\n').slice(0, -1)).toEqual(numbered(1000));
  }, 30_000);

  it('never waits for a reader that is behind, and gives it every line in order later', async () => {
    // 4,000 lines of ~100 bytes over 40 turns: far more than a pipe holds unread.
    const { writer, exited } = child(`
      let index = 0;
      const turn = () => {
        for (const end = index + 100; index < end; index += 1) {
          destination.write('line ' + index + ' ' + 'x'.repeat(90) + '\\n');
        }
        if (index < 4000) setImmediate(turn);
        else process.stderr.write('produced\\n');
      };
      turn();
    `);
    const stderr = collect(writer.stderr);
    const produced = await Promise.race([
      (async () => {
        while (!stderr().includes('produced')) await delay(10);
        return true;
      })(),
      delay(15_000).then(() => false),
    ]);
    // Only now does anyone read its stdout.
    const stdout = collect(writer.stdout);
    const [code] = await exited;
    expect(produced).toBe(true);
    expect(code).toBe(0);
    expect(stdout().split('\n').slice(0, -1)).toEqual(numbered(4000, 90));
  }, 30_000);

  it('lets the stream report a closed pipe, as a plain write to stdout does', async () => {
    const { writer, exited } = child(`
      process.stdout.on('error', (error) => {
        process.stderr.write(error.code + '\\n');
        process.exit(3);
      });
      setTimeout(() => destination.write('nobody reads this\\n'), 200);
    `);
    writer.stdout.destroy();
    const stderr = collect(writer.stderr);
    const [code] = await exited;
    expect(stderr()).toBe('EPIPE\n');
    expect(code).toBe(3);
  }, 30_000);
});
