import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '@skillset/store';
import { formatReportTable } from '../../bench/report-table.ts';
import { FLEET_MIX } from './fleet-load.ts';
import { populateFleet } from './fleet-population.ts';
import { fleetReportRows, fleetSummary, stepPassed } from './fleet-report.ts';
import { type FleetStepResult, runFleetStep } from './run-fleet-step.ts';
import { createServeDatabase } from './serve-process.ts';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function instanceCounts(): number[] {
  const counts = (process.env.SOAK_FLEET_INSTANCES ?? '1,2,3').split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) {
    throw new Error('SOAK_FLEET_INSTANCES must list instance counts, e.g. "1,2,3"');
  }
  return counts;
}

function printSamples(title: string, lines: readonly string[]) {
  if (lines.length === 0) return;
  console.log(`\n${title} (${lines.length}; first 5):`);
  for (const line of lines.slice(0, 5)) console.log(`  ${line}`);
}

/**
 * 1, 2 and 3 `skillset serve` instances on one PostgreSQL behind a round-robin proxy, under
 * closed-loop clients of 1,000 workspaces × 100 skills: throughput, p50/p99 per kind, RSS per
 * instance; every acknowledged write read back by the next request, no other tenant's data in
 * any answer, and no acknowledged write lost when an instance is killed mid-load.
 */
export async function run(): Promise<boolean> {
  if (process.env.DATABASE_URL === undefined) {
    console.log(
      'fleet needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
    return false;
  }
  const workspaces = numberFromEnv('SOAK_FLEET_WORKSPACES', 1000);
  const skillsPerWorkspace = numberFromEnv('SOAK_FLEET_SKILLS_PER_WORKSPACE', 100);
  const durationMs = numberFromEnv('SOAK_FLEET_SECONDS', 50) * 1000;
  const warmupMs = numberFromEnv('SOAK_FLEET_WARMUP_SECONDS', 10) * 1000;
  const clients = numberFromEnv('SOAK_FLEET_CLIENTS', 200);
  const afterKillMs = Math.min(10_000, durationMs / 2);
  const counts = instanceCounts();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skillset-fleet-'));
  const database = await createServeDatabase('postgres', dataDir);
  try {
    const store = await openStore({
      databaseUrl: database.env.DATABASE_URL as string,
      migrate: true,
    });
    let population: Awaited<ReturnType<typeof populateFleet>>;
    try {
      population = await populateFleet({ store, workspaces, skillsPerWorkspace, concurrency: 6 });
    } finally {
      await store.close();
    }
    const { tenants, seconds } = population;
    console.log(
      `population: ${workspaces.toLocaleString('en-US')} workspaces × ${skillsPerWorkspace} skills (${(workspaces * skillsPerWorkspace).toLocaleString('en-US')} skills, an admin and an agent token each) in ${seconds.toFixed(1)} s through the store`,
    );
    const mix = Object.entries(FLEET_MIX)
      .map(([action, share]) => `${Math.round(share * 100)}% ${action}`)
      .join(', ');
    console.log(
      `load: ${clients} closed-loop clients per step, ${warmupMs / 1000} s warm-up + ${durationMs / 1000} s measured (with 2+ instances one is then killed and the load goes on ${afterKillMs / 1000} s); ${mix} (each write read back by the next request, on another instance while one lives)`,
    );
    const steps: FleetStepResult[] = [];
    for (const instances of counts) {
      const step = await runFleetStep({
        database,
        dataDir,
        instances,
        tenants,
        clients,
        skillsPerWorkspace,
        warmupMs,
        durationMs,
        kill: instances >= 2,
        afterKillMs,
      });
      steps.push(step);
      console.log(
        `${instances} instance(s) started in ${step.startSeconds.toFixed(1)} s; ${step.load.requests.toLocaleString('en-US')} requests measured; statuses ${JSON.stringify(step.load.tally.statuses)}`,
      );
    }
    console.log(`\n${formatReportTable(fleetReportRows(steps))}`);
    for (const step of steps) {
      const label = `${step.instances} instance(s)`;
      printSamples(`${label}: errors`, step.load.tally.errors);
      printSamples(`${label}: wrong answers`, step.load.wrongAnswers);
      printSamples(
        `${label}: stale read-backs`,
        step.load.stale.map(
          (read) =>
            `${read.kind} ${read.name}: written on #${read.writtenOn}, read on #${read.readOn}, visible after ${read.lagMs === undefined ? 'never (10 s)' : `${read.lagMs.toFixed(0)} ms`}`,
        ),
      );
      printSamples(`${label}: other tenants' data`, step.load.tally.foreign);
      printSamples(
        `${label}: lost writes`,
        step.lost.map(
          (write) => `${write.kind} ${write.name} v${write.version} (#${write.instance})`,
        ),
      );
    }
    console.log(`\n${fleetSummary(steps, seconds)}`);
    return steps.every(stepPassed);
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
