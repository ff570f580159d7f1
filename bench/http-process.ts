/**
 * HTTP benchmark as users run the server (DESIGN.md §13): `skillset serve` in a process of its own
 * at its default log level, its stdout piped to a reader as when a user redirects the logs, 200
 * workspace skills on PGlite, and autocannon in another process (32 connections, 8 s after 2 s of
 * warm-up) against `GET /api/skills/prompt` and `POST /api/skills/invoke`, next to a bare
 * `node:http` process answering the bytes the server answered and a second server at
 * `LOG_LEVEL=warn`, all in the same run; then the resident memory of each server after the load
 * against a process that only opens PGlite on the same folder. `BENCH_HTTP_LOGS=file` sends the
 * servers' stdout to a file instead. `bench/http.ts` measures the in-process setup (logger at warn,
 * load from a worker thread).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skillMd } from './http.ts';
import {
  type LoadOptions,
  type LoadResult,
  pgliteAloneRssMb,
  type Route,
  rssMb,
  runAutocannon,
  startBareServer,
} from './load-processes.ts';
import { formatReportTable, type ReportRow } from './report-table.ts';

const SKILLS = 200;
const LOAD: LoadOptions = {
  connections: 32,
  seconds: Number(process.env.BENCH_HTTP_SECONDS ?? 8),
  warmUpSeconds: 2,
};
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const REPO_ROOT = join(import.meta.dirname, '..');
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'skillset.js');
const ACTIVATION = '"event":"skill.injection"';

/** One server configuration the bench measures. */
interface Variant {
  label: string;
  /** Added to the environment the server inherits. */
  env: Record<string, string>;
}

const VARIANTS: readonly Variant[] = [
  { label: 'skillset serve (default log level)', env: {} },
  { label: 'skillset serve, LOG_LEVEL=warn', env: { LOG_LEVEL: 'warn' } },
];

interface Serving {
  child: ChildProcess;
  url: string;
  /** What the server wrote on stderr (the start-up lines, since the logs are JSON). */
  stderr: () => string;
  /** Log lines of activations on its stdout so far. */
  activations: () => number;
}

/** The environment a user's shell would give the server, without settings the bench sets. */
function serverEnv(variant: Variant): NodeJS.ProcessEnv {
  const { LOG_LEVEL, SKILLSET_LOG_FORMAT, DATABASE_URL, SKILLSET_DATA_DIR, ...inherited } =
    process.env;
  return { ...inherited, ...variant.env };
}

/**
 * Starts `skillset serve`, its stdout read by this process as a log consumer would, or with
 * `BENCH_HTTP_LOGS=file` appended to a file; resolves once it listens.
 */
function serve(dataDir: string, variant: Variant): Promise<Serving> {
  const logFile = `${dataDir}.log`;
  const toFile = process.env.BENCH_HTTP_LOGS === 'file';
  const stdout = toFile ? openSync(logFile, 'a') : 'pipe';
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: join(dataDir, '..'),
    env: serverEnv(variant),
    stdio: ['ignore', stdout, 'pipe'],
  });
  if (typeof stdout === 'number') closeSync(stdout);
  let stderr = '';
  let partial = '';
  let counted = 0;
  const count = (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.includes(ACTIVATION)) counted += 1;
  };
  child.stdout?.setEncoding('utf8').on('data', count);
  const activations = () => {
    if (!toFile) return counted;
    counted = 0;
    partial = '';
    count(readFileSync(logFile, 'utf8'));
    return counted;
  };
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /Skillset is running at (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url !== undefined && stderr.includes('Press Ctrl+C')) {
        resolve({ child, url, stderr: () => stderr, activations });
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`skillset serve exited (${code}):\n${stderr}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts a server on a fresh folder, creates the skills through the API and stops it. */
async function seed(dataDir: string): Promise<string> {
  const first = await serve(dataDir, VARIANTS[0] as Variant);
  try {
    const token = /Owner token: (\S+)/.exec(first.stderr())?.[1];
    if (token === undefined) throw new Error(`no owner token in:\n${first.stderr()}`);
    const create = async (index: number) => {
      const response = await fetch(`${first.url}/api/skills`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: skillMd(index) }),
      });
      if (response.status !== 201) throw new Error(`creating skill ${index}: ${response.status}`);
      await response.arrayBuffer();
    };
    for (let index = 0; index < SKILLS; index += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, SKILLS - index) }, (_, offset) => create(index + offset)),
      );
    }
    return token;
  } finally {
    await stop(first.child);
  }
}

async function fetchPayload(url: string, route: Route): Promise<Buffer> {
  const response = await fetch(url + route.path, {
    method: route.method,
    headers: route.headers,
    ...(route.body === undefined ? {} : { body: route.body }),
  });
  if (response.status !== 200) throw new Error(`${route.name}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const format = (value: number, digits = 1) => value.toFixed(digits);
const median = (values: readonly number[]) =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] as number;

/** Runs the process-level HTTP benchmark and prints its tables. */
export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'skillset-bench-http-process-'));
  const rows: ReportRow[] = [];
  const children: ChildProcess[] = [];
  try {
    const dirs = VARIANTS.map((_, index) => join(root, `data-${index}`));
    const token = await seed(dirs[0] as string);
    for (const dir of dirs.slice(1)) cpSync(dirs[0] as string, dir, { recursive: true });
    const servers: Serving[] = [];
    for (const [index, variant] of VARIANTS.entries()) {
      const serving = await serve(dirs[index] as string, variant);
      children.push(serving.child);
      servers.push(serving);
    }
    const auth = { authorization: `Bearer ${token}` };
    const routes: Route[] = [
      { name: 'prompt', path: '/api/skills/prompt?budget=4000', method: 'GET', headers: auth },
      {
        name: 'invoke',
        path: '/api/skills/invoke',
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: '/skill-00042 please review src/index.ts' }),
      },
    ];
    const payloads = new Map<string, Buffer>();
    for (const route of routes) {
      payloads.set(route.path, await fetchPayload((servers[0] as Serving).url, route));
    }
    const bare = await startBareServer(payloads, root);
    children.push(bare.child);

    console.log(
      `${SKILLS} workspace skills on PGlite; every server is a process of its own with its stdout ${process.env.BENCH_HTTP_LOGS === 'file' ? 'appended to a file' : 'piped to this one'}; autocannon in another process, ${LOAD.connections} connections, ${LOAD.seconds} s per run after ${LOAD.warmUpSeconds} s of warm-up, ${ROUNDS} rounds of bare then each server (the median ratio counts), 127.0.0.1; the bare server answers the bytes the server answered.\n`,
    );
    console.log('| server | route | payload | req/s | p50 ms | p99 ms | bare req/s | ratio |');
    console.log('|---|---|---|---|---|---|---|---|');
    let invokeAnswered = 0;
    for (const route of routes) {
      const results = VARIANTS.map(() => [] as Array<{ app: LoadResult; bare: LoadResult }>);
      for (let round = 0; round < ROUNDS; round += 1) {
        // Bare next to each server: a burst of load from elsewhere hits one pair, not one side.
        for (const [index, serving] of servers.entries()) {
          const bareResult = await runAutocannon(bare.url, route, LOAD);
          const app = await runAutocannon(serving.url, route, LOAD);
          if (app.failed > 0) console.warn(`warning: ${app.failed} failed ${route.name} requests`);
          if (index === 0 && route.name === 'invoke') invokeAnswered += app.answered;
          results[index]?.push({ app, bare: bareResult });
        }
      }
      const routeName = `${route.method} ${route.path.split('?')[0]}`;
      for (const [index, variant] of VARIANTS.entries()) {
        const rounds = (results[index] ?? []).map((each) => ({
          ...each,
          ratio: each.app.perSecond / each.bare.perSecond,
        }));
        const ratio = median(rounds.map((each) => each.ratio));
        const middle = rounds.find((each) => each.ratio === ratio) ?? rounds[0];
        if (middle === undefined) continue;
        console.log(
          `| ${variant.label} | ${routeName} | ${payloads.get(route.path)?.byteLength} B | ${format(middle.app.perSecond, 0)} | ${format(middle.app.p50Ms, 0)} | ${format(middle.app.p99Ms, 0)} | ${format(middle.bare.perSecond, 0)} | ${format(ratio * 100, 0)}% (rounds: ${rounds.map((each) => format(each.ratio * 100, 0)).join(', ')}%) |`,
        );
        rows.push({
          target: `${routeName} throughput, ${variant.label}`,
          measured: `${format(middle.app.perSecond, 0)} req/s`,
          ratio: `${format(ratio * 100, 0)}% of bare node:http`,
          limit: '≥ 60%',
          pass: ratio >= 0.6,
        });
      }
    }

    const rss = servers.map((serving) => rssMb(serving.child.pid as number));
    // Lines still on their way out are in the pipe or written at the latest when the server stops.
    const defaultServer = servers[0] as Serving;
    await stop(defaultServer.child);
    rows.push({
      target: `activation log lines, ${(VARIANTS[0] as Variant).label}`,
      measured: `${defaultServer.activations()} for ${invokeAnswered} answered invocations`,
      limit: '≥ 1 per invocation',
      pass: defaultServer.activations() >= invokeAnswered,
    });
    for (const serving of servers) await stop(serving.child);
    const floorMb = await pgliteAloneRssMb(join(dirs[0] as string, 'pglite'));
    for (const [index, variant] of VARIANTS.entries()) {
      const mb = rss[index];
      rows.push({
        target: `RSS after the load, ${variant.label}`,
        measured: mb === undefined ? 'n/a' : `${format(mb, 0)} MB`,
        ...(mb === undefined ? {} : { ratio: `${format(mb / floorMb, 2)}× PGlite alone` }),
        limit: '≤ 1.3×',
        ...(mb === undefined ? {} : { pass: mb <= floorMb * 1.3 }),
      });
    }
    rows.push({
      target: 'floor: PGlite alone on the same folder (idle RSS)',
      measured: `${format(floorMb, 0)} MB`,
      limit: '(informative)',
    });
  } finally {
    for (const child of children) await stop(child);
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`\n${formatReportTable(rows)}`);
}

if (import.meta.main) await run();
