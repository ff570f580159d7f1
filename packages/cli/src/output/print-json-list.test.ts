import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { printJsonList } from './print-json-list.ts';
import { printJson, type Terminal } from './terminal.ts';

function capture(print: (terminal: Terminal) => void): string {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  print({ stdout, stderr: new PassThrough(), cwd: '/', env: {} });
  return Buffer.concat(chunks).toString('utf8');
}

describe('printJsonList', () => {
  const head = { checked: 'frontmatter', nested: { a: [1, 2], b: {} } };
  const items = [
    { name: 'one', description: 'Line one\nline two "quoted" \\ tab\t', tags: [], missing: {} },
    { name: 'two', nested: { deep: [{ x: null }, 'é ✓ 😀'] }, list: [1, [2, [3]]] },
    'a string item',
  ];

  it('writes what printJson writes for the whole object', () => {
    const batches = Array.from({ length: 513 }, (_, index) => items[index % items.length]);
    for (const list of [[], items.slice(0, 1), items, batches.slice(0, 256), batches]) {
      const streamed = capture((terminal) => printJsonList(terminal, head, 'skills', list));
      const whole = capture((terminal) => printJson(terminal, { ...head, skills: list }));
      expect(streamed).toBe(whole);
    }
  });

  it('writes in chunks when the text is long', () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({ name: `skill-${index}`, n: index }));
    let writes = 0;
    const stdout = new PassThrough();
    const chunks: Buffer[] = [];
    stdout.on('data', (chunk: Buffer) => {
      writes += 1;
      chunks.push(chunk);
    });
    printJsonList({ stdout, stderr: new PassThrough(), cwd: '/', env: {} }, {}, 'skills', many);
    expect(writes).toBeGreaterThan(1);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual({ skills: many });
  });
});
