import { execFile, spawn } from 'node:child_process';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_CATALOG_BUDGET } from '@skillset/core';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';
import { repoRoot } from '../support/shared-dir.ts';

const run = promisify(execFile);
const bin = path.join(repoRoot, 'packages', 'cli', 'bin', 'skillset.js');

// Prints every module URL the process loaded, one a line, to stderr when it exits.
const recordLoads = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => process.stderr.write(loaded.join('\\n') + '\\n'));
`)}`;

// Prints every module the process loaded as `<format> <url>`, one a line, to stderr when it exits.
const recordFormats = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) {
  const result = next(url, context);
  loaded.push(result.format + ' ' + url);
  return result;
} });
process.on('exit', () => process.stderr.write(loaded.join('\\n') + '\\n'));
`)}`;

// Prints, as one JSON line on stderr, every module URL loaded before the process first writes to
// stdout: for `skillset mcp`, its answer to `initialize`.
const recordLoadsBeforeOutput = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const write = process.stdout.write.bind(process.stdout);
let reported = false;
process.stdout.write = (...args) => {
  if (!reported) process.stderr.write('loaded before output: ' + JSON.stringify(loaded) + '\\n');
  reported = true;
  return write(...args);
};
`)}`;

/** Spawns `skillset mcp`, sends `initialize` and returns the answer and the modules loaded before it. */
async function modulesLoadedBeforeInitialize(
  cwd: string,
  env: Record<string, string>,
): Promise<{ answer: unknown; loaded: string[] }> {
  const child = spawn(process.execPath, ['--import', recordLoadsBeforeOutput, bin, 'mcp'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const answered = new Promise<string>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] as string);
    });
  });
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.stdin.write(`${JSON.stringify(mcpInitializeRequest('start-up-test'))}\n`);
  const exited = closed.then(() => Promise.reject(new Error(`skillset mcp exited: ${stderr}`)));
  const answer: unknown = JSON.parse(await Promise.race([answered, exited]));
  child.stdin.end();
  await closed;
  const line = stderr.split('\n').find((each) => each.startsWith('loaded before output: '));
  return { answer, loaded: JSON.parse(line?.slice('loaded before output: '.length) ?? '[]') };
}

async function modulesLoadedBy(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ stdout: string; loaded: string[] }> {
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

  it('loads Drizzle and PGlite through their CommonJS builds when it opens the store', async () => {
    await using dataDir = await createTempDir();
    const child = spawn(
      process.execPath,
      ['--import', recordFormats, bin, 'token', 'create', '--name', 'formats'],
      {
        cwd: dataDir.path,
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', SKILLSET_DATA_DIR: dataDir.path },
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await new Promise((resolve) => child.once('close', resolve));
    const loads = stderr
      .split('\n')
      .filter((line) => /\/node_modules\/(drizzle-orm|@electric-sql\/pglite)\//.test(line));
    expect(loads.some((line) => line.includes('/drizzle-orm/'))).toBe(true);
    expect(loads.some((line) => line.includes('/@electric-sql/pglite/'))).toBe(true);
    // Modules that CommonJS code requires report no format; an ESM build would say `module`.
    expect(loads.filter((line) => line.startsWith('module '))).toEqual([]);
    expect(loads.filter((line) => line.endsWith('.cjs')).length).toBeGreaterThan(20);
  });

  it("shows core's default catalog budget in the help", async () => {
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

  it('answers MCP initialize before loading the tokenizer, the skill tools, the barrels or the MCP client', async () => {
    await using dir = await createTempDir();
    const env = { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const { answer, loaded } = await modulesLoadedBeforeInitialize(dir.path, env);
    expect(answer).toMatchObject({ id: 1, result: { serverInfo: { name: 'skillset' } } });
    expect(loaded.some((url) => url.includes('/@modelcontextprotocol/server/'))).toBe(true);
    const deferred = loaded.filter((url) =>
      /\/packages\/core\/src\/(index|tools\/index|tools\/create-skill-tools|catalog\/[^/]+)\.ts$|\/packages\/mcp\/src\/(index\.ts|source\/)|\/packages\/(store|server|agent)\/|\/node_modules\/(gpt-tokenizer|cross-spawn|eventsource-parser|pkce-challenge)\//.test(
        url,
      ),
    );
    expect(deferred).toEqual([]);
  });

  it('lists warm without zod, yaml or chokidar, and loads them only when needed', async () => {
    await using dir = await createTempDir();
    const env = { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const skills = path.join(dir.path, '.claude', 'skills');
    const plain = path.join(skills, 'plain');
    const flow = path.join(skills, 'flow');
    await mkdir(plain, { recursive: true });
    await mkdir(flow, { recursive: true });
    await writeFile(path.join(plain, 'SKILL.md'), '---\nname: plain\ndescription: Plain.\n---\n');
    // The plain reader refuses tabs, so parsing this one needs yaml.
    await writeFile(
      path.join(flow, 'SKILL.md'),
      '---\nname: flow\ndescription: "Tab\tbed."\n---\n',
    );
    // Old enough that the index cache trusts them (its racy-timestamp margin is 2 s).
    const past = new Date(Date.now() - 60_000);
    for (const entry of [plain, flow, path.join(plain, 'SKILL.md'), path.join(flow, 'SKILL.md')]) {
      await utimes(entry, past, past);
    }
    for (const folder of [skills, path.dirname(skills), dir.path]) await utimes(folder, past, past);
    const packagesIn = (loaded: string[]) =>
      ['zod', 'yaml', 'chokidar'].filter((name) =>
        loaded.some((url) => url.includes(`/node_modules/${name}/`)),
      );
    const list = () => modulesLoadedBy(['list', '--json'], { cwd: dir.path, env });

    const cold = await list();
    const names = JSON.parse(cold.stdout).skills.map((skill: { name: string }) => skill.name);
    expect(names).toEqual(expect.arrayContaining(['flow', 'plain']));
    expect(packagesIn(cold.loaded)).toEqual(['yaml']);

    const warm = await list();
    expect(warm.stdout).toBe(cold.stdout);
    expect(packagesIn(warm.loaded)).toEqual([]);

    await writeFile(path.join(dir.path, 'skillset.json'), '{}\n');
    const withPolicy = await list();
    expect(packagesIn(withPolicy.loaded)).toEqual(['zod']);
  });
});
