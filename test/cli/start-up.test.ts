import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_CATALOG_BUDGET } from '@skillset/core';
import { createTempDir } from '@skillset/core/test';
import { HELP_CATALOG_BUDGET } from 'skillset';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

const run = promisify(execFile);

// Prints every module URL the process loaded, one a line, to stderr when it exits.
const recordLoads = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => process.stderr.write(loaded.join('\\n') + '\\n'));
`)}`;

async function modulesLoadedBy(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ stdout: string; loaded: string[] }> {
  const bin = path.join(repoRoot, 'packages', 'cli', 'bin', 'skillset.js');
  const { stdout, stderr } = await run(process.execPath, ['--import', recordLoads, bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
  });
  return { stdout, loaded: stderr.split('\n').filter((line) => line !== '') };
}

describe('start-up', () => {
  it('prints the help without loading @skillset/core or any command', async () => {
    const { stdout, loaded } = await modulesLoadedBy(['--help']);
    expect(stdout).toContain('Usage: skillset');
    expect(loaded.some((url) => url.includes('/node_modules/commander/'))).toBe(true);
    const heavy = loaded.filter((url) =>
      /\/packages\/(core|store|server|mcp|agent)\/|\/cli\/src\/commands\/|\/node_modules\/(zod|yaml|gpt-tokenizer)\//.test(
        url,
      ),
    );
    expect(heavy).toEqual([]);
  });

  it("shows core's default catalog budget in the help", async () => {
    expect(HELP_CATALOG_BUDGET).toBe(DEFAULT_CATALOG_BUDGET);
    const { stdout } = await modulesLoadedBy(['catalog', '--help']);
    expect(stdout).toContain(`(default: ${DEFAULT_CATALOG_BUDGET})`);
  });

  it('lists and searches without the tokenizer, packages, store or server modules', async () => {
    await using dir = await createTempDir();
    const env = { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    for (const args of [
      ['list', '--json'],
      ['search', 'pdf', '--json'],
    ]) {
      const { stdout, loaded } = await modulesLoadedBy(args, { cwd: dir.path, env });
      expect(JSON.parse(stdout)).toBeTypeOf('object');
      const needless = loaded.filter((url) =>
        /\/packages\/(store|server|mcp|agent)\/|\/node_modules\/(gpt-tokenizer|fflate)\//.test(url),
      );
      expect(needless).toEqual([]);
    }
  });
});
