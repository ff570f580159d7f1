/**
 * HTTP benchmark (DESIGN.md §13): throughput and p99 of `GET /api/skills/prompt` and
 * `POST /api/skills/invoke` on the real server (PGlite, 200 workspace skills), next to a bare
 * `node:http` server answering the very bytes the server answered, in alternating rounds of one
 * run; then the import of 10,000 skills. The load runs in a worker thread: 32 keep-alive
 * connections, 8 s measured after a 2 s warm-up. `BENCH_HTTP_PROFILE=<dir>` writes a CPU profile
 * of each app round. `bench/http-process.ts` measures the same routes as users run the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '@skillset/server';
import { DEFAULT_MAX_BODY_BYTES } from '@skillset/server/test';
import { openStore, type Store } from '@skillset/store';
import pino from 'pino';
import { formatReportTable, type ReportRow } from './report-table.ts';

const SKILLS = 200;
const IMPORTED = 10_000;
const DURATION_MS = Number(process.env.BENCH_HTTP_SECONDS ?? 8) * 1000;
const WARM_UP_MS = 2000;
const CONCURRENCY = 32;
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);

/** What one load run measured. */
export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** One request the load sends. */
export interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

// Plain JavaScript so the worker needs no TypeScript loader.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { targets, durationMs, warmUpMs, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let errors = 0;
let sent = 0;
function once() {
  return new Promise((resolve) => {
    const target = targets[sent++ % targets.length];
    const url = new URL(target.url);
    const started = performance.now();
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search,
      method: target.method, headers: target.headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        if (response.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - started);
        resolve();
      });
    });
    request.on('error', () => { errors += 1; resolve(); });
    if (target.body !== undefined) request.end(target.body); else request.end();
  });
}
async function loop(deadline) { while (performance.now() < deadline) await once(); }
(async () => {
  const warm = performance.now() + warmUpMs;
  await Promise.all(Array.from({ length: concurrency }, () => loop(warm)));
  latencies.length = 0; errors = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(started + durationMs)));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  agent.destroy();
  parentPort.postMessage({ requests: latencies.length, errors, perSecond: latencies.length / (elapsed / 1000),
    p50Ms: at(0.5), p99Ms: at(0.99) });
})();
`;

/** Sends requests to the targets in turn over keep-alive connections from a worker thread. */
export function runLoad(
  target: Target | readonly Target[],
  durationMs = DURATION_MS,
): Promise<LoadResult> {
  const targets = Array.isArray(target) ? target : [target];
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { targets, durationMs, warmUpMs: WARM_UP_MS, concurrency: CONCURRENCY },
    });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

async function startBare(payload: Buffer): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': payload.byteLength,
      });
      response.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The SKILL.md of synthetic skill number `index`. */
export function skillMd(index: number): string {
  const words = ['review', 'deploy', 'lint', 'test', 'docs', 'schema', 'report', 'migrate'];
  const topic = `${words[index % words.length]}-${words[(index * 7) % words.length]}`;
  return `---\nname: skill-${String(index).padStart(5, '0')}\ndescription: Helps with ${topic} work for project ${index}; use it when the user asks about ${topic}.\ntags: [${words[index % words.length]}]\n---\n\n# Skill ${index}\n\nDo the ${topic} steps carefully. Arguments: $ARGUMENTS\n`;
}

async function workspaceOf(store: Store, token: string): Promise<string> {
  const principal = await store.tokens.authenticate(token);
  if (principal?.kind !== 'user') throw new Error('expected the owner token');
  const [first] = await store.workspaces.listForUser(principal.userId);
  if (first === undefined) throw new Error('the owner has no workspace');
  return first.workspace.id;
}

const format = (value: number, digits = 1) => value.toFixed(digits);

/** With `BENCH_HTTP_PROFILE=<dir>`, writes a CPU profile of the main thread while `work` runs. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_HTTP_PROFILE;
  if (dir === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Runs the HTTP benchmark and prints its tables. */
export async function run(): Promise<void> {
  const verdicts: ReportRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'skillset-bench-http-'));
  try {
    const server = await startServer({
      config: {
        host: '127.0.0.1',
        port: 0,
        dataDir,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
        identity: {},
      },
      logger: pino({ level: 'warn' }),
    });
    try {
      const token = server.ownerToken as string;
      const workspaceId = await workspaceOf(server.store, token);
      const seeded = await server.store.skills.createMany(
        Array.from({ length: SKILLS }, (_, index) => ({
          scope: 'workspace' as const,
          workspaceId,
          skillMd: skillMd(index),
        })),
      );
      if (seeded.some((result) => !result.ok)) throw new Error('seeding failed');
      const auth = { authorization: `Bearer ${token}` };
      const prompt: Target = {
        url: `${server.url}/api/skills/prompt?budget=4000`,
        method: 'GET',
        headers: auth,
      };
      const invoke: Target = {
        url: `${server.url}/api/skills/invoke`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: '/skill-00042 please review src/index.ts' }),
      };
      const payloads: Record<string, Buffer> = {};
      for (const [name, target] of Object.entries({ prompt, invoke })) {
        const response = await fetch(target.url, {
          method: target.method,
          headers: target.headers,
          ...(target.body === undefined ? {} : { body: target.body }),
        });
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        payloads[name] = Buffer.from(await response.arrayBuffer());
      }

      console.log(
        `${SKILLS} workspace skills on PGlite; ${CONCURRENCY} keep-alive connections from a worker thread, ${DURATION_MS / 1000} s per run after ${WARM_UP_MS / 1000} s of warm-up, ${ROUNDS} rounds of bare then app (the median round counts), 127.0.0.1; the bare server answers the bytes the app answered.\n`,
      );
      console.log(
        '| route | payload | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio |',
      );
      console.log('|---|---|---|---|---|---|---|---|');
      for (const [name, target] of Object.entries({ prompt, invoke })) {
        const payload = payloads[name] as Buffer;
        const bare = await startBare(payload);
        const rounds: Array<{ app: LoadResult; bare: LoadResult; ratio: number }> = [];
        // Alternating rounds: a burst of load from elsewhere on the machine hits one round, not
        // one side of the comparison.
        for (let round = 0; round < ROUNDS; round += 1) {
          const bareResult = await runLoad({
            ...target,
            url: bare.url + new URL(target.url).pathname + new URL(target.url).search,
          });
          const appResult = await profiled(`${name}-${round}`, () => runLoad(target));
          if (appResult.errors > 0)
            console.warn(`warning: ${appResult.errors} failed ${name} requests`);
          rounds.push({
            app: appResult,
            bare: bareResult,
            ratio: appResult.perSecond / bareResult.perSecond,
          });
        }
        await new Promise((resolve) => bare.server.close(resolve));
        rounds.sort((left, right) => left.ratio - right.ratio);
        const {
          app,
          bare: bareResult,
          ratio,
        } = rounds[Math.floor(rounds.length / 2)] as {
          app: LoadResult;
          bare: LoadResult;
          ratio: number;
        };
        const route = `${target.method} ${new URL(target.url).pathname}`;
        console.log(
          `| ${route} | ${payload.byteLength} B | ${format(app.perSecond, 0)} | ${format(app.p50Ms, 2)} | ${format(app.p99Ms, 2)} | ${format(bareResult.perSecond, 0)} | ${format(bareResult.p99Ms, 2)} | ${format(ratio * 100, 0)}% (rounds: ${rounds.map((each) => format(each.ratio * 100, 0)).join(', ')}%) |`,
        );
        verdicts.push({
          target: `${route} throughput`,
          measured: `${format(app.perSecond, 0)} req/s`,
          ratio: `${format(ratio * 100, 0)}% of bare node:http`,
          limit: '≥ 60%',
          pass: ratio >= 0.6,
        });
      }
    } finally {
      await server.close();
    }

    const importDir = join(dataDir, 'import');
    const store = await openStore({ dataDir: importDir, migrate: true });
    try {
      const workspace = await store.workspaces.create({ name: 'Import bench' });
      const started = performance.now();
      const results = await store.skills.createMany(
        Array.from({ length: IMPORTED }, (_, index) => ({
          scope: 'workspace' as const,
          workspaceId: workspace.id,
          skillMd: skillMd(index),
        })),
      );
      const seconds = (performance.now() - started) / 1000;
      const failed = results.filter((result) => !result.ok).length;
      verdicts.push({
        target: `import of ${IMPORTED} skills (createMany, one transaction, PGlite)`,
        measured: `${format(seconds, 1)} s${failed > 0 ? `, ${failed} failed` : ''}`,
        limit: '≤ 60 s',
        pass: seconds <= 60 && failed === 0,
      });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${formatReportTable(verdicts)}`);
}
