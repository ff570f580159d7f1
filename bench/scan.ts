/**
 * Scan benchmark (DESIGN.md §13): floor (read every SKILL.md), naive (read + `yaml` parse),
 * cold scan+parse, cold with the index cache written, warm start from the cache, an async
 * alternative, and the watcher's change latency, at 100 / 1,000 / 10,000 skills.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSkills } from './generate-skills.ts';

const SIZES = [100, 1000, 10_000];
const REPO_ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(import.meta.dirname, '.data');
const WORKER_SOURCE = join(import.meta.dirname, 'scan-worker.ts');
const WORKER = join(DATA_DIR, 'scan-worker.mjs');

/**
 * Builds `@skillset/core` (`tsc -b` → `packages/core/dist`) and writes the worker as plain
 * JavaScript, so measured processes run the shipped JavaScript without Node's TypeScript loader.
 */
function prepareWorker(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b', join(REPO_ROOT, 'packages', 'core')], {
      stdio: 'inherit',
    });
  } catch {
    // tsc still emits on type errors; measure what it emitted, but say so.
    console.warn('warning: `tsc -b packages/core` reported errors; dist may not match the sources');
  }
  writeFileSync(WORKER, stripTypeScriptTypes(readFileSync(WORKER_SOURCE, 'utf8')));
}

interface Measurement {
  ms: number;
  maxRssMb: number;
  count: number;
  latencyMedianMs?: number;
  latencyMaxMs?: number;
  /** Folders listed with `readdir` by a warm start. */
  listed?: number;
}

function measure(variant: string, dir: string, cacheDir: string): Measurement {
  const output = execFileSync(process.execPath, ['--no-warnings', WORKER, variant, dir, cacheDir], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').at(-1) as string) as Measurement;
}

/** Runs a variant `reps` times in fresh processes; keeps the median time and the highest RSS. */
function median(variant: string, dir: string, cacheDir: string, reps: number): Measurement {
  const runs = Array.from({ length: reps }, () => measure(variant, dir, cacheDir));
  runs.sort((a, b) => a.ms - b.ms);
  const middle = runs[Math.floor(runs.length / 2)] as Measurement;
  return { ...middle, maxRssMb: Math.max(...runs.map((run) => run.maxRssMb)) };
}

const format = (value: number, digits = 1): string => value.toFixed(digits);

/** Generates the data, measures every variant and prints a table per size. */
export async function run(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  prepareWorker();
  console.log(
    'Each variant runs in a fresh child process (median of N runs; RSS = peak of the child,' +
      ' including Node itself). The OS page cache cannot be dropped, so every SKILL.md is read' +
      ' once before measuring: all variants run against a warm page cache. Children run the' +
      ' built JavaScript (`tsc -b packages/core`, then plain `node` on the type-stripped worker,' +
      ' importing `@skillset/core/node` from `dist`), not the TypeScript sources.\n',
  );
  const idle = measure('baseline', DATA_DIR, DATA_DIR);
  const plainNode = Number(
    execFileSync(process.execPath, ['-e', 'console.log(process.resourceUsage().maxRSS / 1024)'], {
      encoding: 'utf8',
    }),
  );
  console.log(
    `Peak RSS of an idle worker (Node + \`@skillset/core/node\` + \`yaml\` loaded): ${format(idle.maxRssMb)} MB;` +
      ` of plain \`node -e\`: ${format(plainNode)} MB. "over idle" = variant − idle worker.\n`,
  );
  const overIdle = (result: Measurement): number => result.maxRssMb - idle.maxRssMb;
  for (const size of SIZES) {
    const dir = join(DATA_DIR, `skills-${size}`);
    const cacheDir = join(DATA_DIR, `cache-${size}`);
    const generated = generateSkills({ dir, count: size });
    // The index cache re-reads entries modified within 2 s of the scan that cached them.
    const ageMs = Date.now() - statSync(join(dir, 'generated.json')).mtimeMs;
    if (ageMs < 3000) await sleep(3000 - ageMs);
    const reps = size >= 10_000 ? 5 : 7;
    measure('floor', dir, cacheDir);
    const floor = median('floor', dir, cacheDir, reps);
    const naive = median('naive', dir, cacheDir, reps);
    const cold = median('cold', dir, cacheDir, reps);
    const asyncScan = median('async', dir, cacheDir, reps);
    const coldCache = median('cold-cache', dir, cacheDir, reps);
    const warm = median('warm', dir, cacheDir, reps);
    for (const [name, result] of Object.entries({
      floor,
      naive,
      cold,
      asyncScan,
      coldCache,
      warm,
    })) {
      if (result.count !== size)
        throw new Error(`${name} found ${result.count} skills, expected ${size}`);
    }
    const rows: Array<[string, Measurement, string]> = [
      ['floor: readFileSync every SKILL.md', floor, ''],
      ['naive: readFileSync + yaml.parse', naive, `${format(naive.ms / floor.ms, 2)}× floor`],
      [
        'cold scan+parse (sync, no cache)',
        cold,
        `${format(cold.ms / floor.ms, 2)}× floor, ${format(cold.ms / naive.ms, 2)}× naive`,
      ],
      [
        'alt: async readdir + 4 KiB reads (64; loads the root entry)',
        asyncScan,
        `${format(asyncScan.ms / cold.ms, 2)}× cold`,
      ],
      ['cold + index cache write', coldCache, `${format(coldCache.ms / floor.ms, 2)}× floor`],
      [
        'warm start from index cache',
        warm,
        `${format(warm.ms / cold.ms, 2)}× cold, ${warm.listed ?? '?'} folders listed`,
      ],
    ];
    console.log(
      `### ${size.toLocaleString('en')} skills (${format(generated.bytes / 1024 / 1024)} MB of SKILL.md, ${reps} runs)\n`,
    );
    console.log('| variant | time (ms) | peak RSS (MB) | over idle (MB) | ratio |');
    console.log('|---|---:|---:|---:|---|');
    for (const [name, result, ratio] of rows) {
      const rss = `${format(result.maxRssMb)} | ${format(overIdle(result))}`;
      console.log(`| ${name} | ${format(result.ms)} | ${rss} | ${ratio} |`);
    }
    if (size === 10_000) {
      const watch = measure('watch', dir, cacheDir);
      console.log(
        `| watcher: scan + chokidar ready | ${format(watch.ms)} | ${format(watch.maxRssMb)} | ${format(overIdle(watch))} | change → event: median ${format(watch.latencyMedianMs ?? Number.NaN)} ms, max ${format(watch.latencyMaxMs ?? Number.NaN)} ms |`,
      );
      const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
      const worst = [cold, warm, coldCache].reduce((a, b) => (a.maxRssMb >= b.maxRssMb ? a : b));
      const rss = worst.maxRssMb;
      console.log('\nTargets at 10,000 skills:');
      console.log(
        `- cold ≤ 1.5× floor: ${format(cold.ms / floor.ms, 2)}× → ${verdict(cold.ms <= 1.5 * floor.ms)}`,
      );
      console.log(
        `- warm ≤ 0.5× cold: ${format(warm.ms / cold.ms, 2)}× → ${verdict(warm.ms <= 0.5 * cold.ms)}`,
      );
      console.log(
        `- RSS ≤ 150 MB (worst of cold, cold+cache, warm, built JavaScript): ${format(rss)} MB (${format(overIdle(worst))} MB over the idle worker) → ${verdict(rss <= 150)}`,
      );
      console.log(
        `- change → event ≤ 100 ms: max ${format(watch.latencyMaxMs ?? Number.NaN)} ms → ${verdict((watch.latencyMaxMs ?? Number.POSITIVE_INFINITY) <= 100)}`,
      );
      console.log(
        `- watcher peak RSS: ${format(watch.maxRssMb)} MB (informational: chokidar keeps a watch per folder)`,
      );
    }
    console.log('');
  }
}
