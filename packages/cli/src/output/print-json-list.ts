import type { Terminal } from './terminal.ts';

/** Text written per `write` call: big enough to keep the calls few. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes `{ ...head, [key]: items }` exactly as `printJson` would, one item at a time, so neither
 * the whole text nor every item's object has to exist at once (a list of 10,000 skills is ~6 MB).
 */
export function printJsonList(
  terminal: Terminal,
  head: Record<string, unknown>,
  key: string,
  items: Iterable<unknown>,
): void {
  const empty = JSON.stringify({ ...head, [key]: [] }, null, 2);
  // The list is the last member, so the text ends with its empty brackets and the closing brace.
  let chunk = empty.slice(0, -'[]\n}'.length);
  let count = 0;
  for (const item of items) {
    // Item lines sit two levels deep; JSON escapes newlines inside strings, so each one is a break.
    const text = JSON.stringify(item, null, 2).replaceAll('\n', '\n    ');
    chunk += `${count === 0 ? '[\n    ' : ',\n    '}${text}`;
    count += 1;
    if (chunk.length >= CHUNK_CHARS) {
      terminal.stdout.write(chunk);
      chunk = '';
    }
  }
  terminal.stdout.write(`${chunk}${count === 0 ? '[]' : '\n  ]'}\n}\n`);
}
