/**
 * The processes around a server measured as a whole process: autocannon as the load, a bare
 * `node:http` server as the ceiling, and PGlite alone as the memory floor. Each runs as
 * `node -e` with plain JavaScript, so none needs a TypeScript loader.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '..');

/** One request the load sends: a path on whichever server is measured. */
export interface Route {
  name: string;
  /** Path and query. */
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** How long and how wide a load run is. */
export interface LoadOptions {
  connections: number;
  seconds: number;
  warmUpSeconds: number;
}

/** What one autocannon run measured. */
export interface LoadResult {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, time-outs and non-2xx answers. */
  failed: number;
  /** Requests answered with a 2xx, the warm-up included. */
  answered: number;
}

// Answers each path (with its query) with the bytes the measured server answered for it.
const BARE_SERVER = `
const http = require('node:http');
const routes = new Map(Object.entries(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8')))
  .map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const payload = routes.get(request.url) ?? Buffer.alloc(0);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.byteLength });
    response.end(payload);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

// Runs autocannon with the options in argv[1] and prints what the bench needs as JSON.
const AUTOCANNON = `
const autocannon = require('autocannon');
autocannon(JSON.parse(process.argv[1])).then((result) => {
  const warmUp = result.warmup;
  process.stdout.write(JSON.stringify({
    perSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    answered: result['2xx'] + (warmUp === undefined ? 0 : warmUp['2xx']),
  }));
}, (error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

// Opens PGlite on the folder, reads from it, idles two seconds and prints its RSS in MB.
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

/** Runs a script with `node -e` and resolves with its stdout once it exits 0. */
function runNodeScript(script: string, argument: string, cwd: string): Promise<string> {
  const child = spawn(process.execPath, ['-e', script, argument], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`node -e exited (${code}):\n${stderr}`)),
    );
  });
}

/** Autocannon, in a process of its own, sending `route` to the server at `url`. */
export async function runAutocannon(
  url: string,
  route: Route,
  options: LoadOptions,
): Promise<LoadResult> {
  const settings = {
    url: url + route.path,
    method: route.method,
    headers: route.headers,
    ...(route.body === undefined ? {} : { body: route.body }),
    connections: options.connections,
    duration: options.seconds,
    warmup: { connections: options.connections, duration: options.warmUpSeconds },
  };
  const output = await runNodeScript(AUTOCANNON, JSON.stringify(settings), REPO_ROOT);
  return JSON.parse(output) as LoadResult;
}

/** Starts a bare `node:http` process answering each path with its payload (written to `dir`). */
export async function startBareServer(
  payloads: ReadonlyMap<string, Buffer>,
  dir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const file = join(dir, 'bare-payloads.json');
  const routes = [...payloads].map(([path, bytes]) => [path, bytes.toString('base64')]);
  writeFileSync(file, JSON.stringify(Object.fromEntries(routes)));
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const found = /port (\d+)\n/.exec(output)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The resident set of a process in MB (Linux), or undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The RSS of a process that only opens PGlite on `pgliteDir`: no server on it can be smaller. */
export async function pgliteAloneRssMb(pgliteDir: string): Promise<number> {
  const cwd = join(REPO_ROOT, 'packages', 'store');
  return Number(await runNodeScript(PGLITE_ALONE, pgliteDir, cwd));
}
