import { openStore } from '@skillset/store';
import { findLostWrites } from './find-lost-writes.ts';
import { type FleetLoadResult, runFleetLoad } from './fleet-load.ts';
import type { FleetTenant } from './fleet-population.ts';
import type { AcknowledgedWrite } from './fleet-read-back.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { sampleRss } from './sample-rss.ts';
import { type ServeDatabase, type ServeProcess, startServe, stopServe } from './serve-process.ts';

/** Options for {@link runFleetStep}. */
export interface FleetStepOptions {
  database: ServeDatabase;
  dataDir: string;
  instances: number;
  tenants: readonly FleetTenant[];
  clients: number;
  skillsPerWorkspace: number;
  warmupMs: number;
  durationMs: number;
  /** Kill the last instance with SIGKILL at the end of the measured part (when there are ≥ 2)… */
  kill: boolean;
  /** …and keep the load going this long after (checked, not timed). */
  afterKillMs: number;
}

/** One instance count's run: the load's figures, RSS, the kill and the writes it lost. */
export interface FleetStepResult {
  instances: number;
  /** Seconds to start the instances, one after another. */
  startSeconds: number;
  load: FleetLoadResult;
  /** RSS samples (MiB) per instance. */
  rss: readonly number[][];
  /** The instance killed at the end of the measured part, and the load's seconds after it. */
  killed?: { index: number; secondsAfter: number };
  lost: AcknowledgedWrite[];
  /** Requests the proxy answered 502 because their instance died with them. */
  cut: number;
}

/**
 * Starts `instances` servers on the database behind a round-robin proxy, runs the load (killing
 * one instance mid-load when asked), stops them, and checks every acknowledged write is stored.
 */
export async function runFleetStep(options: FleetStepOptions): Promise<FleetStepResult> {
  const serves: ServeProcess[] = [];
  const started = performance.now();
  try {
    for (let index = 0; index < options.instances; index += 1) {
      serves.push(await startServe(options.database, options.dataDir));
    }
    const startSeconds = (performance.now() - started) / 1000;
    const proxy = await startRoundRobinProxy({
      backends: serves.map((serve) => serve.url),
      // Below the server's 256 connections per address.
      maxSocketsPerBackend: 250,
    });
    const sampler = sampleRss(serves.map((serve) => serve.child.pid as number));
    let killed: FleetStepResult['killed'];
    const victim = serves.at(-1) as ServeProcess;
    let load: FleetLoadResult;
    try {
      load = await runFleetLoad({
        proxyUrl: proxy.url,
        tenants: options.tenants,
        clients: options.clients,
        skillsPerWorkspace: options.skillsPerWorkspace,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        runId: String(options.instances),
        ...(options.kill && serves.length >= 2
          ? {
              kill: {
                afterMs: options.afterKillMs,
                run: async () => {
                  await stopServe(victim, 'SIGKILL');
                  killed = { index: serves.length - 1, secondsAfter: options.afterKillMs / 1000 };
                },
              },
            }
          : {}),
      });
    } finally {
      sampler.stop();
      await proxy.close();
    }
    const cut = proxy.cut;
    await Promise.all(serves.map((serve) => stopServe(serve)));
    const store = await openStore({ databaseUrl: options.database.env.DATABASE_URL as string });
    let lost: AcknowledgedWrite[];
    try {
      lost = await findLostWrites(store, load.writes);
    } finally {
      await store.close();
    }
    return {
      instances: options.instances,
      startSeconds,
      load,
      rss: sampler.samples,
      ...(killed === undefined ? {} : { killed }),
      lost,
      cut,
    };
  } finally {
    await Promise.all(serves.map((serve) => stopServe(serve, 'SIGKILL')));
  }
}
