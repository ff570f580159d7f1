import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skillText } from '../server/skills-test-support.ts';
import { createServeDatabase, type ServeProcess, startServe, stopServe } from './serve-process.ts';

/** Options for {@link mixedLoad}. */
export interface MixedLoadOptions {
  database: 'pglite' | 'postgres';
  durationMs: number;
  /** Requests in flight at once (closed loop: each worker sends its next request on an answer). */
  concurrency: number;
  /** Skills created before the run. */
  skills: number;
}

/** Latencies and statuses of one kind of request. */
export interface LoadKindFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** What a load run measured. */
export interface MixedLoadResult {
  database: string;
  requests: number;
  perSecond: number;
  statuses: Record<string, number>;
  serverErrors: number;
  /** Requests that got no answer at all (connection errors). */
  failed: number;
  kinds: Record<string, LoadKindFigures>;
  /** Server RSS (MiB) sampled each second: after warm-up (first quarter), at the end, and the peak. */
  rssWarmMiB: number;
  rssEndMiB: number;
  rssMaxMiB: number;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match?.[1] === undefined ? Number.NaN : Number(match[1]) / 1024;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * Runs 80% reads (prompt, commands, list) and 20% writes (PATCH with If-Match, new skills) against
 * a real `skillset serve` for `durationMs`, and samples the server's RSS every second.
 */
export async function mixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skillset-load-'));
  const database = await createServeDatabase(options.database, dataDir);
  let serve: ServeProcess | undefined;
  try {
    serve = await startServe(database, dataDir);
    const running = serve;
    const send = (method: string, route: string, body?: unknown, headers = {}) =>
      fetch(`${running.url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${running.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const versions = new Map<string, number>();
    for (let index = 0; index < options.skills; index += 1) {
      const name = `load-${index}`;
      const response = await send('POST', '/api/skills', { content: skillText(name) });
      if (response.status !== 201) throw new Error(`seeding ${name}: ${response.status}`);
      versions.set(name, 1);
    }
    const pid = running.child.pid as number;
    const latencies: Record<string, number[]> = {};
    const statuses: Record<string, number> = {};
    let failed = 0;
    let created = 0;
    const rss: number[] = [];
    const sampler = setInterval(() => {
      rssMiB(pid).then(
        (value) => rss.push(value),
        () => {},
      );
    }, 1000);
    const started = performance.now();
    const endAt = started + options.durationMs;
    const names = [...versions.keys()];
    const pick = () => names[Math.floor(Math.random() * names.length)] as string;

    const one = async (): Promise<void> => {
      const roll = Math.random();
      let kind: string;
      let request: () => Promise<Response>;
      let onOk: ((response: Response) => void) | undefined;
      let onConflict: (() => Promise<void>) | undefined;
      if (roll < 0.8) {
        const reads = ['/api/skills/prompt', '/api/skills/commands', '/api/skills?limit=50'];
        const route = reads[Math.floor(roll * 10) % 3] as string;
        kind = `GET ${route.split('?')[0]}`;
        request = () => send('GET', route);
      } else if (roll < 0.95) {
        const name = pick();
        kind = 'PATCH /api/skills/{name}';
        request = () =>
          send(
            'PATCH',
            `/api/skills/${name}`,
            { description: `Edited at ${Date.now()}.` },
            { 'if-match': `"${versions.get(name)}"` },
          );
        onOk = (response) => {
          const version = Number((response.headers.get('etag') ?? '').replaceAll('"', ''));
          if (version > (versions.get(name) ?? 0)) versions.set(name, version);
        };
        // Another worker wrote first: learn the current version for the next edit.
        onConflict = async () => {
          const current = await send('GET', `/api/skills/${name}`);
          await current.arrayBuffer();
          const version = Number((current.headers.get('etag') ?? '').replaceAll('"', ''));
          if (version > (versions.get(name) ?? 0)) versions.set(name, version);
        };
      } else {
        created += 1;
        const name = `new-${process.pid}-${created}`;
        kind = 'POST /api/skills';
        request = () => send('POST', '/api/skills', { content: skillText(name) });
      }
      const requestStarted = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        const elapsed = performance.now() - requestStarted;
        const list = latencies[kind] ?? [];
        latencies[kind] = list;
        list.push(elapsed);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.ok) onOk?.(response);
        else if (response.status === 409 || response.status === 412) await onConflict?.();
      } catch {
        failed += 1;
      }
    };

    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < endAt) await one();
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const kinds: Record<string, LoadKindFigures> = {};
    let requests = 0;
    for (const [kind, values] of Object.entries(latencies)) {
      values.sort((a, b) => a - b);
      requests += values.length;
      kinds[kind] = {
        count: values.length,
        p50Ms: percentile(values, 0.5),
        p99Ms: percentile(values, 0.99),
        maxMs: values.at(-1) ?? 0,
      };
    }
    const serverErrors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const warmIndex = Math.floor(rss.length / 4);
    return {
      database: database.kind,
      requests,
      perSecond: requests / elapsedSeconds,
      statuses,
      serverErrors,
      failed,
      kinds,
      rssWarmMiB: rss[warmIndex] ?? Number.NaN,
      rssEndMiB: rss.at(-1) ?? Number.NaN,
      rssMaxMiB: Math.max(...rss),
    };
  } finally {
    if (serve !== undefined) await stopServe(serve);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
