import { mixedLoad } from './mixed-load.ts';

/** 60 s of mixed traffic (80% reads, 20% writes) on PGlite and PostgreSQL. */
export async function run(): Promise<boolean> {
  const durationMs = Number(process.env.SKILLSET_LOAD_SECONDS ?? 60) * 1000;
  const concurrency = Number(process.env.SKILLSET_LOAD_CONCURRENCY ?? 16);
  const databases = process.env.DATABASE_URL === undefined ? ['pglite'] : ['pglite', 'postgres'];
  let ok = true;
  for (const database of databases) {
    const result = await mixedLoad({
      database: database as 'pglite' | 'postgres',
      durationMs,
      concurrency,
      skills: 200,
    });
    console.log(
      `${database}: ${result.requests} requests in ${durationMs / 1000} s (${result.perSecond.toFixed(0)}/s, ${concurrency} in flight); 5xx: ${result.serverErrors}; no answer: ${result.failed}; statuses ${JSON.stringify(result.statuses)}`,
    );
    for (const [kind, figures] of Object.entries(result.kinds)) {
      console.log(
        `  ${kind.padEnd(28)} ${String(figures.count).padStart(7)}  p50 ${figures.p50Ms.toFixed(1)} ms  p99 ${figures.p99Ms.toFixed(1)} ms  max ${figures.maxMs.toFixed(1)} ms`,
      );
    }
    const growth = result.rssEndMiB / result.rssWarmMiB;
    console.log(
      `  server RSS: ${result.rssWarmMiB.toFixed(0)} MiB after warm-up, ${result.rssEndMiB.toFixed(0)} MiB at the end (×${growth.toFixed(2)}), peak ${result.rssMaxMiB.toFixed(0)} MiB`,
    );
    ok &&= result.serverErrors === 0 && result.failed === 0 && growth < 1.25;
  }
  return ok;
}
