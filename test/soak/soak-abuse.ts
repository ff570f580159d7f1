import { connect, type Socket } from 'node:net';
import { writeSkillPackage } from '@skillset/core/authoring';
import { createTempDir } from '@skillset/core/test';
import { createServeDatabase, startServe, stopServe } from './serve-process.ts';

/** What /healthz answered while one kind of abuse went on. */
interface ProbeFigures {
  probes: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const PROBE_EVERY_MS = 50;
const MAX_HEALTHZ_MS = 100;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Asks /healthz every 50 ms while `abuse` runs; returns how fast it answered. */
async function probeWhile(url: string, abuse: () => Promise<void>): Promise<ProbeFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else failed += 1;
      } catch {
        failed += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  await abuse();
  running = false;
  await prober;
  const sorted = [...latencies].sort((left, right) => left - right);
  return {
    probes: latencies.length + failed,
    failed,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? 0,
  };
}

/** A ZIP of 10,000 small files (1.2 MB), made before the measuring starts. */
function tenThousandFileZip(): Uint8Array {
  const files = Array.from({ length: 10_000 }, (_, index) => ({
    path: `references/part-${index}.md`,
    bytes: new TextEncoder().encode(`# Part ${index}\n`),
  }));
  return writeSkillPackage({
    folderName: 'flood',
    skillText: '---\nname: flood\ndescription: Ten thousand files.\n---\nRead them.\n',
    files,
  });
}

/** Four clients post the ZIP to validate and upload, over and over, for `durationMs`. */
async function zipFlood(url: string, token: string, zip: Uint8Array, durationMs: number) {
  const statuses: Record<string, number> = {};
  const deadline = Date.now() + durationMs;
  const client = async (path: string) => {
    while (Date.now() < deadline) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
        body: zip,
      });
      await response.arrayBuffer();
      const key = `${path} ${response.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all([
    client('/api/skills/validate'),
    client('/api/skills/validate'),
    client('/api/skills/upload'),
    client('/api/skills/upload'),
  ]);
  return statuses;
}

/** Opens `count` connections that send a header byte every 2 s; how many the server cut, and when. */
async function slowConnections(url: string, count: number, durationMs: number) {
  const { hostname, port } = new URL(url);
  const request =
    'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';
  const sockets: Socket[] = [];
  const cutAfterMs: number[] = [];
  const started = Date.now();
  for (let index = 0; index < count; index++) {
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    // Read what the server answers (its 408), so its close is seen at once.
    socket.resume();
    socket.on('close', () => cutAfterMs.push(Date.now() - started));
    sockets.push(socket);
  }
  let sent = 0;
  const trickle = setInterval(() => {
    for (const socket of sockets)
      if (!socket.destroyed) socket.write(request[sent % request.length] as string);
    sent += 1;
  }, 2000);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  clearInterval(trickle);
  const cut = cutAfterMs.length;
  for (const socket of sockets) socket.destroy();
  const sorted = [...cutAfterMs].sort((left, right) => left - right);
  return { opened: count, cut, lastCutMs: sorted.at(-1) ?? 0 };
}

function report(label: string, figures: ProbeFigures): boolean {
  const ok = figures.failed === 0 && figures.p99Ms <= MAX_HEALTHZ_MS;
  console.log(
    `  /healthz during ${label}: ${figures.probes} probes, ${figures.failed} unanswered, p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms — ${ok ? 'ok' : `FAILED (p99 over ${MAX_HEALTHZ_MS} ms)`}`,
  );
  return ok;
}

/** `/healthz` stays fast while 10,000-file ZIPs are refused and while 1,000 slow connections are held. */
export async function run(): Promise<boolean> {
  await using dataDir = await createTempDir();
  const database = await createServeDatabase('pglite', dataDir.path);
  const serve = await startServe(database, dataDir.path);
  try {
    const quiet = await probeWhile(
      serve.url,
      () => new Promise((resolve) => setTimeout(resolve, 3000)),
    );
    let ok = report('3 quiet seconds', quiet);
    let statuses: Record<string, number> = {};
    const zip = tenThousandFileZip();
    const zips = await probeWhile(serve.url, async () => {
      statuses = await zipFlood(serve.url, serve.token, zip, 15_000);
    });
    console.log(`  10,000-file ZIPs for 15 s, 4 clients: ${JSON.stringify(statuses)}`);
    ok = report('the ZIP flood', zips) && ok;
    ok &&= Object.keys(statuses).every((key) => / (200|413)$/.test(key));
    let slow = { opened: 0, cut: 0, lastCutMs: 0 };
    const held = await probeWhile(serve.url, async () => {
      slow = await slowConnections(serve.url, 1000, 30_000);
    });
    console.log(
      `  1,000 connections sending a header byte every 2 s: ${slow.cut} cut by the server within 30 s (the last after ${(slow.lastCutMs / 1000).toFixed(1)} s)`,
    );
    ok = report('the slow connections', held) && ok;
    ok &&= slow.cut === slow.opened;
    return ok;
  } finally {
    await stopServe(serve);
    await database.drop();
  }
}
