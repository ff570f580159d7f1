/**
 * Process-level benchmark (issue 12): whole `skillset` processes, start-up included, over 10,000
 * generated skills in a project's `.claude/skills`, side by side with `node -e 0`, a script that
 * reads every SKILL.md (the floor) and `openskills list`, all measured in the same run. Timed with
 * `hyperfine` when it is installed, else with an own timer; peak RSS from `/usr/bin/time -f %M`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSkills } from './generate-skills.ts';
import { formatMs, formatRatio, formatReportTable, type ReportRow } from './report-table.ts';

const COUNT = 10_000;
const REPO_ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(import.meta.dirname, '.data', 'process');
const PROJECT = join(DATA_DIR, 'project');
const HOME = join(DATA_DIR, 'home');
const CACHE_HOME = join(DATA_DIR, 'cache');
const SKILLSET_CACHE = join(CACHE_HOME, 'skillset');
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skillset.js');
const OPENSKILLS = join(REPO_ROOT, 'node_modules', 'openskills', 'dist', 'cli.js');
const FLOOR = join(DATA_DIR, 'floor.mjs');
const NODE = process.execPath;
const QUERY = 'deploy the kubernetes release';
const RUNS = 7;

const ENV = {
  ...process.env,
  HOME,
  XDG_CACHE_HOME: CACHE_HOME,
  NO_COLOR: '1',
} as NodeJS.ProcessEnv;

/** A command as argv; `prepare` runs before every timed run (e.g. dropping a cache). */
interface Command {
  name: string;
  argv: string[];
  prepare?: string[];
  /** Timed runs (default RUNS); fewer for the slow commands. */
  runs?: number;
}

interface Timing {
  medianMs: number;
  /** Mean user + system CPU time (hyperfine only): steadier than wall time on a loaded machine. */
  cpuMs?: number;
  maxRssMb?: number;
}

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;
}

const quote = (argument: string): string =>
  /^[\w./=:@%+-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;

function timeWithHyperfine(command: Command): Omit<Timing, 'maxRssMb'> {
  const exportFile = join(DATA_DIR, 'hyperfine.json');
  const runs = String(command.runs ?? RUNS);
  const args = ['-N', '--warmup', '1', '--runs', runs, '--export-json', exportFile];
  if (command.prepare) args.push('--prepare', command.prepare.map(quote).join(' '));
  args.push('--command-name', command.name, command.argv.map(quote).join(' '));
  const result = spawnSync('hyperfine', args, { cwd: PROJECT, env: ENV, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`hyperfine failed for ${command.name}: ${result.stderr}`);
  const report = JSON.parse(readFileSync(exportFile, 'utf8')) as {
    results: Array<{ median: number; user: number; system: number }>;
  };
  const [summary] = report.results;
  if (summary === undefined) throw new Error(`hyperfine reported nothing for ${command.name}`);
  return { medianMs: summary.median * 1000, cpuMs: (summary.user + summary.system) * 1000 };
}

function runOnce(argv: readonly string[]): void {
  const [file, ...args] = argv as [string, ...string[]];
  const result = spawnSync(file, args, { cwd: PROJECT, env: ENV, stdio: 'ignore' });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`${argv.join(' ')} exited with ${result.status}`);
  }
}

function timeWithOwnTimer(command: Command): Omit<Timing, 'maxRssMb'> {
  const times: number[] = [];
  for (let run = -1; run < (command.runs ?? RUNS); run++) {
    if (command.prepare) runOnce(command.prepare);
    const start = performance.now();
    runOnce(command.argv);
    if (run >= 0) times.push(performance.now() - start);
  }
  times.sort((left, right) => left - right);
  return { medianMs: times[Math.floor(times.length / 2)] as number };
}

/** Peak RSS of one run, in MB, from GNU time; undefined where it is not installed. */
function maxRssMb(command: Command): number | undefined {
  if (!existsSync('/usr/bin/time')) return undefined;
  if (command.prepare) runOnce(command.prepare);
  const result = spawnSync('/usr/bin/time', ['-f', '%M', ...command.argv], {
    cwd: PROJECT,
    env: ENV,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const kilobytes = Number(result.stderr.trim().split('\n').at(-1));
  return Number.isFinite(kilobytes) ? kilobytes / 1024 : undefined;
}

function measure(command: Command, useHyperfine: boolean): Timing {
  const timing = useHyperfine ? timeWithHyperfine(command) : timeWithOwnTimer(command);
  const rss = maxRssMb(command);
  return rss === undefined ? timing : { ...timing, maxRssMb: rss };
}

/** Milliseconds from spawning `skillset mcp` to its answer to `initialize`. */
async function timeMcpInitialize(): Promise<number> {
  const child = spawn(NODE, [BIN, 'mcp'], { cwd: PROJECT, env: ENV, stdio: 'pipe' });
  const start = performance.now();
  const answered = new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('"id":1')) resolve(performance.now() - start);
    });
    child.on('exit', (code) => reject(new Error(`skillset mcp exited with ${code}`)));
  });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1' },
    },
  };
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  try {
    return await answered;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
  }
}

async function medianMcpInitialize(): Promise<number> {
  const times: number[] = [];
  for (let run = -1; run < RUNS; run++) {
    const ms = await timeMcpInitialize();
    if (run >= 0) times.push(ms);
  }
  times.sort((left, right) => left - right);
  return times[Math.floor(times.length / 2)] as number;
}

function prepareData(): void {
  mkdirSync(HOME, { recursive: true });
  const generated = generateSkills({ dir: join(PROJECT, '.claude', 'skills'), count: COUNT });
  writeFileSync(join(DATA_DIR, 'skill-files.json'), JSON.stringify(generated.skillFiles));
  // The floor: a tiny script that reads every SKILL.md by its known path, and nothing else.
  writeFileSync(
    FLOOR,
    "import { readFileSync } from 'node:fs';\n" +
      `for (const file of JSON.parse(readFileSync(${JSON.stringify(join(DATA_DIR, 'skill-files.json'))}, 'utf8'))) readFileSync(file, 'utf8');\n`,
  );
}

const verdict = (value: number, limit: number): boolean => value <= limit;

/** Wall time, and the CPU time where hyperfine measured it. */
const shown = (timing: Timing): string =>
  timing.cpuMs === undefined
    ? formatMs(timing.medianMs)
    : `${formatMs(timing.medianMs)} (CPU ${formatMs(timing.cpuMs)})`;

/** Generates the skills, measures every command and prints one verdict table. */
export async function run(): Promise<void> {
  prepareData();
  // The index cache re-reads entries modified within 2 s of the scan that cached them.
  const ageMs = Date.now() - statSync(join(PROJECT, '.claude', 'skills', 'generated.json')).mtimeMs;
  if (ageMs < 3000) await sleep(3000 - ageMs);
  const useHyperfine = hasHyperfine();
  console.log(
    `${COUNT.toLocaleString('en-US')} skills in ${PROJECT}/.claude/skills; Node ${process.version};` +
      ` ${useHyperfine ? 'hyperfine' : 'own timer'}, median of ${RUNS} runs (search: 3 cold, 5 warm) after a warm-up;` +
      ' RSS = peak of one run (GNU time). The page cache is warm for every command;' +
      ' "cold" means no Skillset cache ($XDG_CACHE_HOME/skillset removed before each run).\n',
  );
  const dropCache = ['rm', '-rf', SKILLSET_CACHE];
  const skillset = (...args: string[]) => [NODE, BIN, ...args];
  const commands = {
    node: { name: 'node -e 0', argv: [NODE, '-e', '0'] },
    help: { name: 'skillset --help', argv: skillset('--help') },
    floor: { name: 'floor: read every SKILL.md', argv: [NODE, FLOOR] },
    listCold: { name: 'list cold', argv: skillset('list', '--json'), prepare: dropCache },
    listWarm: { name: 'list warm', argv: skillset('list', '--json') },
    openskills: { name: 'openskills list', argv: [NODE, OPENSKILLS, 'list'] },
    searchCold: {
      name: 'search cold',
      argv: skillset('search', QUERY),
      prepare: dropCache,
      runs: 3,
    },
    searchWarm: { name: 'search warm', argv: skillset('search', QUERY), runs: 5 },
  } satisfies Record<string, Command>;
  const timings: Partial<Record<keyof typeof commands, Timing>> = {};
  for (const [key, command] of Object.entries(commands)) {
    timings[key as keyof typeof commands] = measure(command, useHyperfine);
    console.log(
      `measured ${command.name}: ${formatMs(timings[key as keyof typeof commands]?.medianMs ?? Number.NaN)}`,
    );
  }
  const mcpMs = await medianMcpInitialize();
  const t = timings as Record<keyof typeof commands, Timing>;
  const rssRow = (target: string, timing: Timing, limitMb: number): ReportRow => ({
    target,
    measured: timing.maxRssMb === undefined ? 'n/a' : `${timing.maxRssMb.toFixed(0)} MB`,
    limit: `≤ ${limitMb} MB`,
    ...(timing.maxRssMb === undefined ? {} : { pass: verdict(timing.maxRssMb, limitMb) }),
  });
  const ratioRow = (
    target: string,
    timing: Timing,
    base: Timing,
    baseName: string,
    limit: number,
  ): ReportRow => ({
    target,
    measured: shown(timing),
    ratio: `${formatRatio(timing.medianMs / base.medianMs)} ${baseName}`,
    limit: `≤ ${limit}×`,
    pass: verdict(timing.medianMs / base.medianMs, limit),
  });
  const absoluteRow = (
    target: string,
    ms: number,
    limitMs: number,
    timing?: Timing,
  ): ReportRow => ({
    target,
    measured: timing === undefined ? formatMs(ms) : shown(timing),
    limit: `≤ ${formatMs(limitMs)}`,
    pass: verdict(ms, limitMs),
  });
  const rows: ReportRow[] = [
    { target: 'node -e 0 (baseline)', measured: shown(t.node), limit: '' },
    { target: 'floor: read every SKILL.md', measured: shown(t.floor), limit: '' },
    {
      target: 'openskills list',
      measured: shown(t.openskills),
      ratio: `${formatRatio(t.openskills.medianMs / t.floor.medianMs)} floor`,
      limit: '',
    },
    ratioRow('skillset --help', t.help, t.node, 'node -e 0', 3),
    rssRow('skillset --help RSS', t.help, 80),
    ratioRow('skillset list --json, cold', t.listCold, t.floor, 'floor', 1.5),
    ratioRow('skillset list --json, warm', t.listWarm, t.floor, 'floor', 1.2),
    rssRow('skillset list --json RSS (cold)', t.listCold, 150),
    ratioRow('skillset list --json, warm', t.listWarm, t.openskills, 'openskills list', 0.5),
    ratioRow('skillset search, warm', t.searchWarm, t.floor, 'floor', 2),
    absoluteRow('skillset search, cold', t.searchCold.medianMs, 3000, t.searchCold),
    absoluteRow('skillset mcp: initialize answered after spawn', mcpMs, 300),
  ];
  console.log(`\n${formatReportTable(rows)}\n`);
  rmSync(join(DATA_DIR, 'hyperfine.json'), { force: true });
}
