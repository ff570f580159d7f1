import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { countTokens } from './count-tokens.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

// Imports core's root entry in a fresh Node, optionally counts, and prints whether the ranks loaded.
const script = (count: boolean) => `
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const core = await import('@skillset/core');
${count ? "console.log(core.countTokens('hello world'));" : ''}
console.log(loaded.some((url) => url.endsWith('/bpeRanks/o200k_base.js')));
`;

async function ranksLoadedBy(count: boolean): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', './scripts/source-hooks.js', '--input-type=module', '-e', script(count)],
    { cwd: repoRoot },
  );
  return stdout.trim().split('\n');
}

describe('countTokens', () => {
  it('counts o200k_base tokens', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
  });

  it("loads the tokenizer's ranks in Node on the first count, not with the root entry", async () => {
    expect(await ranksLoadedBy(false)).toEqual(['false']);
    expect(await ranksLoadedBy(true)).toEqual(['2', 'true']);
  });
});
