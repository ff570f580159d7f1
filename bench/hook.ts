/**
 * The per-prompt hook of `skillset connect` (issue 36, decision 0143): whole `skillset hook claude`
 * processes, fed Claude Code's hook input on stdin, in a project whose `.claude/skills` holds the
 * 539 corpus skills, then 10,000 (the corpus and generated distractors), against `node -e 0` fed
 * the same input, all in the same run. Prompts are the dev queries, in turn. The hook server is
 * started by the first prompt (its time is shown) and the p50/p95 are of the prompts after it.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMs, formatRatio, formatReportTable, type ReportRow } from './report-table.ts';
import { sharedDirectory } from './selection.ts';

const DATA = path.join(import.meta.dirname, '.data', 'hook');
const BIN = path.join(import.meta.dirname, '..', 'packages', 'cli', 'bin', 'skillset.js');
const NODE = process.execPath;
const RUNS = 60;
const ALONE_RUNS = 5;
/** Bump when the prepared projects change. */
const DATA_VERSION = 1;

interface Project {
  name: string;
  cwd: string;
  count: number;
}

const home = path.join(DATA, 'home');
const runtime = path.join(DATA, 'run');
const env = {
  PATH: process.env.PATH ?? '',
  HOME: home,
  XDG_CACHE_HOME: path.join(home, '.cache'),
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_RUNTIME_DIR: runtime,
  NO_COLOR: '1',
};

/** The 539 corpus skills (the first of each folder name), by folder name. */
function corpusFolders(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(path.join(sharedDirectory, 'corpus/MANIFEST.json'), 'utf8'),
  ) as Array<{ corpus_path: string; dir_name: string }>;
  const folders = new Map<string, string>();
  for (const entry of manifest) {
    if (!folders.has(entry.dir_name)) {
      folders.set(entry.dir_name, path.join(sharedDirectory, 'corpus', entry.corpus_path));
    }
  }
  return folders;
}

/** A git project whose `.claude/skills` holds the corpus and `distractors` generated skills; reused when prepared. */
function prepareProject(name: string, distractors: number): Project {
  const cwd = path.join(DATA, name);
  const skills = path.join(cwd, '.claude', 'skills');
  const marker = path.join(cwd, 'prepared.json');
  const wanted = JSON.stringify({ version: DATA_VERSION, distractors });
  const corpus = corpusFolders();
  const count = corpus.size + distractors;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return { name, cwd, count };
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(skills, { recursive: true });
  execFileSync('git', ['init', '-q', cwd]);
  for (const [folder, source] of corpus)
    cpSync(source, path.join(skills, folder), { recursive: true });
  if (distractors > 0) {
    execFileSync(
      NODE,
      [
        path.join(sharedDirectory, 'selection/gen-distractors.mjs'),
        skills,
        String(distractors),
        '1',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const written = readdirSync(skills).length;
  if (written !== count) throw new Error(`${skills} holds ${written} skills, expected ${count}`);
  writeFileSync(marker, wanted);
  return { name, cwd, count };
}

function prompts(): string[] {
  return readFileSync(path.join(sharedDirectory, 'selection/dev-queries.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { query: string }).query);
}

/** Milliseconds from spawning a process fed `input` on stdin to its exit; its stdout. */
function timeProcess(
  argv: readonly string[],
  cwd: string,
  input: string,
  extraEnv: Record<string, string> = {},
): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(argv[0] as string, argv.slice(1), {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - start, stdout }));
    child.stdin.end(input);
  });
}

const hookInput = (prompt: string, cwd: string) =>
  JSON.stringify({ session_id: 'bench', hook_event_name: 'UserPromptSubmit', cwd, prompt });

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** Stops the hook servers this bench started, by the pid each one logged. */
function stopServers(): void {
  const folder = path.join(runtime, 'skillset');
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (!name.endsWith('.log')) continue;
    for (const match of readFileSync(path.join(folder, name), 'utf8').matchAll(
      /hook server (\d+) listening/g,
    )) {
      try {
        process.kill(Number(match[1]), 'SIGTERM');
      } catch {}
    }
  }
}

/** Prepares both projects, measures the hook and `node -e 0` and prints one verdict table. */
export async function run(): Promise<void> {
  const projects = [prepareProject('corpus', 0), prepareProject('ten-thousand', 10_000 - 539)];
  mkdirSync(home, { recursive: true });
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  stopServers();
  const queries = prompts();
  const [load1, load5] = os.loadavg();
  console.log(
    `${projects.map((project) => `${project.count.toLocaleString('en-US')} skills`).join(' and ')} in a project's .claude/skills; Node ${process.version};` +
      ` ${os.cpus().length} CPUs, load average ${load1?.toFixed(1)} (1 min), ${load5?.toFixed(1)} (5 min);` +
      ` ${RUNS} prompts each (the ${queries.length} dev queries in turn) after the first, interleaved with node -e 0.\n`,
  );
  try {
    const hook = [NODE, BIN, 'hook', 'claude'];
    const first = new Map<string, number>();
    const alone = new Map<string, number[]>();
    for (const project of projects) {
      // The first prompt starts the server (or finds it) and builds the project's index; the hook
      // gives up after 25 s, so with no cache yet it may take a few prompts to get an answer.
      let waited = 0;
      for (let attempt = 1; ; attempt++) {
        const input = hookInput(queries[0] as string, project.cwd);
        const started = await timeProcess(hook, project.cwd, input);
        waited += started.ms;
        if (started.stdout.includes('additionalContext')) break;
        if (attempt === 10) throw new Error(`the hook answered nothing for ${project.name}`);
      }
      first.set(project.name, waited);
      const times: number[] = [];
      for (let index = 0; index < ALONE_RUNS; index++) {
        const input = hookInput(queries[index % queries.length] as string, project.cwd);
        times.push(
          (await timeProcess(hook, project.cwd, input, { SKILLSET_HOOK_SERVER: 'off' })).ms,
        );
      }
      alone.set(project.name, times);
    }
    const baseline: number[] = [];
    const served = new Map<string, number[]>(projects.map((project) => [project.name, []]));
    for (let index = 0; index < RUNS; index++) {
      const query = queries[index % queries.length] as string;
      baseline.push((await timeProcess([NODE, '-e', '0'], DATA, hookInput(query, DATA))).ms);
      for (const project of projects) {
        const timed = await timeProcess(hook, project.cwd, hookInput(query, project.cwd));
        served.get(project.name)?.push(timed.ms);
      }
    }
    const baseP50 = percentile(baseline, 0.5);
    const baseP95 = percentile(baseline, 0.95);
    const rows: ReportRow[] = [
      {
        target: 'node -e 0 (baseline), p50 / p95',
        measured: `${formatMs(baseP50)} / ${formatMs(baseP95)}`,
        limit: '',
      },
    ];
    const limits: Record<string, number> = { corpus: 150, 'ten-thousand': 300 };
    for (const project of projects) {
      const times = served.get(project.name) ?? [];
      const p50 = percentile(times, 0.5);
      const p95 = percentile(times, 0.95);
      const count = project.count.toLocaleString('en-US');
      const limit = limits[project.name] as number;
      rows.push(
        {
          target: `skillset hook claude, ${count} skills, p50`,
          measured: formatMs(p50),
          ratio: `${formatRatio(p50 / baseP50)} node -e 0`,
          limit: '',
        },
        {
          target: `skillset hook claude, ${count} skills, p95`,
          measured: formatMs(p95),
          ratio: `${formatRatio(p95 / baseP95)} node -e 0`,
          limit: `≤ ${formatMs(limit)}`,
          pass: p95 <= limit,
        },
        {
          target: `  first answer (starts the hook server, builds the index), ${count} skills`,
          measured: formatMs(first.get(project.name) ?? Number.NaN),
          limit: '',
        },
        {
          target: `  without the server (SKILLSET_HOOK_SERVER=off), ${count} skills, p50`,
          measured: formatMs(percentile(alone.get(project.name) ?? [], 0.5)),
          limit: '',
        },
      );
    }
    console.log(`${formatReportTable(rows)}\n`);
  } finally {
    stopServers();
  }
}
