import type { Terminal } from './terminal.ts';

/** Items stringified per call: few calls, and never the whole list's text at once. */
const BATCH_ITEMS = 256;

/** What `JSON.stringify({ x: [...] }, null, 2)` puts before and after its items. */
const BATCH_OPEN = '{\n  "x": [\n';
const BATCH_CLOSE = '\n  ]\n}';

/**
 * Writes `{ ...head, [key]: items }` exactly as `printJson` would, a batch of items at a time, so
 * neither the whole text nor every item's object has to exist at once (a list of 10,000 skills is
 * ~6 MB). Each batch is stringified as `{ "x": [...] }`, whose items sit two levels deep as the
 * list's do in the whole document, and written without that wrapper.
 */
export function printJsonList(
  terminal: Terminal,
  head: Record<string, unknown>,
  key: string,
  items: Iterable<unknown>,
): void {
  const empty = JSON.stringify({ ...head, [key]: [] }, null, 2);
  // The list is the last member, so the text ends with its empty brackets and the closing brace.
  terminal.stdout.write(empty.slice(0, -'[]\n}'.length));
  let batch: unknown[] = [];
  let written = 0;
  const flush = () => {
    const text = JSON.stringify({ x: batch }, null, 2);
    const inner = text.slice(BATCH_OPEN.length, -BATCH_CLOSE.length);
    terminal.stdout.write(`${written === 0 ? '[\n' : ',\n'}${inner}`);
    written += batch.length;
    batch = [];
  };
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH_ITEMS) flush();
  }
  if (batch.length > 0) flush();
  terminal.stdout.write(`${written === 0 ? '[]' : '\n  ]'}\n}\n`);
}
