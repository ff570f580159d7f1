/**
 * One measured scan variant, run in its own process so its peak RSS is its own. `scan.ts` writes
 * this file type-stripped to `.data/scan-worker.mjs` and runs it with plain `node`, so
 * `@skillset/core` resolves to the built `dist` JavaScript:
 * `node bench/.data/scan-worker.mjs <variant> <data dir> <cache dir>`.
 * Prints one JSON line: { ms, maxRssMb, count, ... }.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createFolderSource } from '@skillset/core/node';
import { parse } from 'yaml';

const [variant, dataDir, cacheDir] = process.argv.slice(2) as [string, string, string];
const skillFiles: string[] =
  variant === 'baseline'
    ? []
    : (
        JSON.parse(readFileSync(join(dataDir, 'generated.json'), 'utf8')) as {
          skillFiles: string[];
        }
      ).skillFiles;

type Core = typeof import('@skillset/core');

// Only the variants that need the root entry load it: it weighs ~75 MB of RSS on its own.
const core: Core | undefined =
  variant === 'async' || variant === 'watch' ? await import('@skillset/core') : undefined;

function floor(): number {
  let total = 0;
  for (const file of skillFiles) total += readFileSync(file).byteLength;
  return total > 0 ? skillFiles.length : 0;
}

function naive(): number {
  let count = 0;
  for (const file of skillFiles) {
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('\n---', 3);
    const data = parse(text.slice(4, end)) as { name?: string };
    if (data.name !== undefined) count += 1;
  }
  return count;
}

async function cold(useCache: boolean): Promise<number> {
  if (useCache) rmSync(cacheDir, { recursive: true, force: true });
  const source = createFolderSource({
    root: dataDir,
    scope: 'project',
    cacheDir: useCache ? cacheDir : false,
  });
  return (await source.load()).skills.length;
}

async function warm(): Promise<Record<string, unknown>> {
  const source = createFolderSource({ root: dataDir, scope: 'project', cacheDir });
  const { skills } = await source.load();
  const scan = source.lastScan();
  if (scan?.parsed !== 0) throw new Error('warm start parsed files: the cache was not used');
  return { count: skills.length, listed: scan.listed };
}

/** The alternative strategy: async readdir and 4 KiB prefix reads with bounded concurrency. */
async function asyncScan(core: Core, concurrency: number): Promise<number> {
  const { parseSkill } = core;
  const { frontmatterLength } = await import('@skillset/core/test');
  const folders: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    if (entries.some((entry) => entry.name === 'SKILL.md')) {
      folders.push(folder);
      return;
    }
    if (depth >= 6) return;
    await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
        .map((entry) => walk(join(folder, entry.name), depth + 1)),
    );
  };
  await walk(dataDir, 0);
  let count = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    const buffer = Buffer.allocUnsafe(4096);
    while (next < folders.length) {
      const folder = folders[next++] as string;
      const handle = await open(join(folder, 'SKILL.md'), 'r');
      try {
        const { bytesRead } = await handle.read(buffer, 0, 4096, 0);
        const text = buffer.toString('utf8', 0, bytesRead);
        const length = frontmatterLength(text) ?? text.length;
        if (parseSkill(text.slice(0, length)).manifest !== undefined) count += 1;
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count;
}

async function watchLatency(core: Core): Promise<Record<string, unknown>> {
  const { createRegistry } = core;
  const started = performance.now();
  const source = createFolderSource({
    root: dataDir,
    scope: 'project',
    cacheDir: false,
    watch: true,
  });
  const registry = createRegistry({ sources: [source] });
  await registry.load();
  const readyMs = performance.now() - started;
  const latencies: number[] = [];
  for (let trial = 0; trial < 7; trial++) {
    const file = skillFiles[(trial * 1237) % skillFiles.length] as string;
    const original = readFileSync(file, 'utf8');
    const changed = original.replace('description: "', `description: "Edited ${trial}. `);
    const event = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no change event for ${file}`)), 5000);
      const off = registry.on('change', (change) => {
        if (change.path !== join(file, '..')) return;
        clearTimeout(timer);
        off();
        resolve(performance.now());
      });
    });
    const written = performance.now();
    writeFileSync(file, changed);
    latencies.push((await event) - written);
    writeFileSync(file, original);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await registry.close();
  latencies.sort((a, b) => a - b);
  return {
    ms: readyMs,
    count: (await source.load()).skills.length,
    latencyMedianMs: latencies[Math.floor(latencies.length / 2)],
    latencyMaxMs: latencies.at(-1),
  };
}

const started = performance.now();
let result: Record<string, unknown>;
switch (variant) {
  case 'baseline':
    result = { count: 0 };
    break;
  case 'floor':
    result = { count: floor() };
    break;
  case 'naive':
    result = { count: naive() };
    break;
  case 'cold':
    result = { count: await cold(false) };
    break;
  case 'cold-cache':
    result = { count: await cold(true) };
    break;
  case 'warm':
    result = await warm();
    break;
  case 'async':
    result = { count: await asyncScan(core as Core, 64) };
    break;
  case 'watch':
    result = await watchLatency(core as Core);
    break;
  default:
    throw new Error(`unknown variant ${variant}`);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
