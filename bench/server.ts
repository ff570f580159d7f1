/**
 * Server process benchmark (issue 12): `skillset serve` on PGlite measured as a whole process. The
 * first start on a fresh data folder, the import of 10,000 skills, a restart with them, the first
 * catalog after the restart, and the resident memory over three load runs of the runtime routes
 * (`GET /api/skills/prompt` stable and ranked, `POST /api/skills/invoke`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openStore } from '@skillset/store';
import { runLoad, skillMd, type Target } from './http.ts';
import { formatMs, formatReportTable, type ReportRow } from './report-table.ts';

const SKILLS = 10_000;
const LOAD_RUNS = 3;
const LOAD_SECONDS = Number(process.env.BENCH_SERVER_LOAD_SECONDS ?? 20);
const BIN = join(import.meta.dirname, '..', 'node_modules', 'skillset', 'bin', 'skillset.js');

interface Serving {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until `/readyz` answered 200. */
  readyMs: number;
  output: string;
}

/** The resident set of a process in MB (Linux), or undefined elsewhere. */
function rssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Spawns `skillset serve` and waits until `/readyz` answers 200. */
async function serve(dataDir: string, cacheDir: string): Promise<Serving> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--data-dir', dataDir, '--port', '0', '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheDir },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`skillset serve exited early:\n${output}`);
    const url = /running at (http:\/\/[^\s]+)/.exec(output)?.[1];
    if (url !== undefined) {
      const ready = await fetch(`${url}/readyz`).catch(() => undefined);
      if (ready?.status === 200) {
        return { child, url, readyMs: performance.now() - started, output };
      }
    }
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`skillset serve was not ready within 120 s:\n${output}`);
    }
    await sleep(10);
  }
}

/** The resident set of a process after it has sat idle for two seconds. */
async function idleRssMb(pid: number): Promise<number> {
  await sleep(2000);
  return rssMb(pid) ?? 0;
}

// The floor: a Node process that only opens PGlite on the data folder and reads from it.
const PGLITE_ALONE = `
const { PGlite } = require('@electric-sql/pglite');
(async () => {
  const client = new PGlite(process.argv[1]);
  await client.query('select count(*) from skills');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  process.stdout.write(String(process.memoryUsage().rss / 1024 / 1024));
  await client.close();
})();
`;

/** The resident set of a process that opens PGlite alone on the folder: no server can be smaller. */
async function pgliteAloneRssMb(dataDir: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', PGLITE_ALONE, join(dataDir, 'pglite')], {
    cwd: join(import.meta.dirname, '..', 'packages', 'store'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return Number(output);
}

async function stop(serving: Serving): Promise<void> {
  const exited = new Promise((resolve) => serving.child.once('exit', resolve));
  serving.child.kill('SIGTERM');
  await exited;
}

async function importSkills(dataDir: string, token: string): Promise<number> {
  const store = await openStore({ dataDir, migrate: true });
  try {
    const principal = await store.tokens.authenticate(token);
    if (principal?.kind !== 'user') throw new Error('expected the owner token');
    const [first] = await store.workspaces.listForUser(principal.userId);
    if (first === undefined) throw new Error('the owner has no workspace');
    const started = performance.now();
    const results = await store.skills.createMany(
      Array.from({ length: SKILLS }, (_, index) => ({
        scope: 'workspace' as const,
        workspaceId: first.workspace.id,
        skillMd: skillMd(index),
      })),
    );
    if (results.some((result) => !result.ok)) throw new Error('the import failed');
    return performance.now() - started;
  } finally {
    await store.close();
  }
}

/** Runs the server process benchmark and prints its table. */
export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'skillset-bench-server-'));
  // An empty cache: the first folder runs initdb and leaves the cluster template (decision 0095).
  const cacheDir = join(root, 'cache');
  const dataDir = join(root, 'data');
  const rows: ReportRow[] = [];
  try {
    const initdb = await serve(join(root, 'first-folder'), cacheDir);
    await stop(initdb);
    rows.push({
      target: 'first start on this machine (no template yet: initdb)',
      measured: formatMs(initdb.readyMs),
      limit: '(informative)',
    });
    const first = await serve(dataDir, cacheDir);
    const token = /Owner token: (\S+)/.exec(first.output)?.[1];
    const firstIdleMb = await idleRssMb(first.child.pid as number);
    await stop(first);
    if (token === undefined) throw new Error(`no owner token in:\n${first.output}`);
    rows.push({
      target: 'first start (fresh data dir → /readyz, template cached)',
      measured: formatMs(first.readyMs),
      limit: '≤ 5 s',
      pass: first.readyMs <= 5000,
    });
    rows.push({
      target: 'idle RSS after the first start',
      measured: `${firstIdleMb.toFixed(0)} MB`,
      limit: '≤ 300 MB',
      pass: firstIdleMb <= 300,
    });
    const importMs = await importSkills(dataDir, token);
    rows.push({
      target: `import of ${SKILLS.toLocaleString('en-US')} skills (bench setup)`,
      measured: formatMs(importMs),
      limit: '≤ 60 s',
      pass: importMs <= 60_000,
    });

    const restart = await serve(dataDir, cacheDir);
    try {
      rows.push({
        target: `restart with ${SKILLS.toLocaleString('en-US')} skills (spawn → /readyz)`,
        measured: formatMs(restart.readyMs),
        limit: '≤ 2 s',
        pass: restart.readyMs <= 2000,
      });
      const restartIdleMb = await idleRssMb(restart.child.pid as number);
      rows.push({
        target: 'idle RSS after the restart',
        measured: `${restartIdleMb.toFixed(0)} MB`,
        limit: '≤ 300 MB',
        pass: restartIdleMb <= 300,
      });
      const auth = { authorization: `Bearer ${token}` };
      const firstCatalog = performance.now();
      const response = await fetch(`${restart.url}/api/skills/prompt?budget=4000`, {
        headers: auth,
      });
      if (response.status !== 200) throw new Error(`prompt: ${response.status}`);
      await response.arrayBuffer();
      rows.push({
        target: 'first catalog after the restart (loads the registry)',
        measured: formatMs(performance.now() - firstCatalog),
        limit: '(informative)',
      });
      const words = ['review', 'deploy', 'lint', 'test', 'docs', 'schema', 'report', 'migrate'];
      const targets: Target[] = [
        { url: `${restart.url}/api/skills/prompt?budget=4000`, method: 'GET', headers: auth },
        ...words.map((word, index) => ({
          url: `${restart.url}/api/skills/prompt?mode=ranked&budget=2000&query=${word}+${words[(index + 3) % words.length]}+help`,
          method: 'GET' as const,
          headers: auth,
        })),
        {
          url: `${restart.url}/api/skills/invoke`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ message: '/skill-04242 please review src/index.ts' }),
        },
      ];
      const pid = restart.child.pid as number;
      const peaks: number[] = [];
      for (let index = 0; index < LOAD_RUNS; index += 1) {
        let peak = 0;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssMb(pid) ?? 0);
        }, 250);
        const result = await runLoad(targets, LOAD_SECONDS * 1000);
        clearInterval(sampler);
        peak = Math.max(peak, rssMb(pid) ?? 0);
        peaks.push(peak);
        if (result.errors > 0) console.warn(`warning: ${result.errors} failed requests`);
        console.log(
          `load run ${index + 1}: ${result.perSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, peak RSS ${peak.toFixed(0)} MB`,
        );
      }
      const highest = Math.max(...peaks);
      rows.push({
        target: `steady RSS, ${LOAD_RUNS} load runs of ${LOAD_SECONDS} s (${SKILLS.toLocaleString('en-US')} skills)`,
        measured: `${peaks.map((peak) => peak.toFixed(0)).join(' / ')} MB`,
        limit: '≤ 300 MB',
        pass: highest > 0 && highest <= 300,
      });
      const growth = (peaks.at(-1) as number) - (peaks[0] as number);
      rows.push({
        target: 'RSS flat across the load runs (last − first)',
        measured: `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB`,
        ratio: `${(((peaks.at(-1) as number) / (peaks[0] as number)) * 100).toFixed(0)}% of run 1`,
        limit: '≤ +10%',
        pass: (peaks.at(-1) as number) <= (peaks[0] as number) * 1.1,
      });
    } finally {
      await stop(restart);
    }
    const again = await serve(dataDir, cacheDir);
    await stop(again);
    rows.push({
      target: `second restart with ${SKILLS.toLocaleString('en-US')} skills (spawn → /readyz)`,
      measured: formatMs(again.readyMs),
      limit: '≤ 2 s',
      pass: again.readyMs <= 2000,
    });
    const floorMb = await pgliteAloneRssMb(dataDir);
    rows.push({
      target: 'floor: PGlite alone on the same folder (idle RSS)',
      measured: `${floorMb.toFixed(0)} MB`,
      limit: '(informative)',
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`\n${formatReportTable(rows)}`);
}

if (import.meta.main) await run();
