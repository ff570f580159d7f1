import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { usageEvents } from '../schema/usage-events.ts';
import { summarizeUsage, type UsageSummary, type UsageSummaryOptions } from './summarize-usage.ts';

/** One use of a skill to record. */
export interface UsageEventInput {
  workspaceId: string;
  skillName: string;
  skillId?: string;
  /** How the skill was reached: a surface (`model`, `user`, `read`, …) or an entry point. */
  trigger: string;
  principal?: { kind: 'user' | 'agent'; id: string };
  /** `ok` (the default), or the error code of a failed attempt such as `missing_argument`. */
  outcome?: string;
  /** Defaults to now. */
  at?: Date;
  /** How many identical uses this event stands for; defaults to 1. */
  count?: number;
}

/** Options for {@link UsageRepository.counts}. */
export interface UsageCountsOptions {
  workspaceId: string;
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
  skillName?: string;
}

/** The number of successful uses of one skill on one UTC day through one trigger. */
export interface UsageCount {
  skillName: string;
  /** `YYYY-MM-DD` in UTC. */
  day: string;
  trigger: string;
  count: number;
}

/** Usage analytics: raw events in, counts and summaries out. */
export interface UsageRepository {
  record(event: UsageEventInput): Promise<void>;
  recordMany(events: readonly UsageEventInput[]): Promise<void>;
  counts(options: UsageCountsOptions): Promise<UsageCount[]>;
  /** A workspace's usage over a period: per skill, per principal, per day, and the unused skills. */
  summary(options: UsageSummaryOptions): Promise<UsageSummary>;
}

/** Creates the usage repository over a session. */
export function createUsageRepository(session: StoreSession): UsageRepository {
  // One statement with one JSON parameter: building a multi-row insert per batch was ~10% of the
  // server's CPU under invoke load (docs/decisions/0095).
  const recordMany = async (events: readonly UsageEventInput[]) => {
    if (events.length === 0) return;
    const rows = events.map((event) => ({
      workspace_id: event.workspaceId,
      skill_id: event.skillId ?? null,
      skill_name: event.skillName,
      trigger: event.trigger,
      principal_kind: event.principal?.kind ?? null,
      principal_id: event.principal?.id ?? null,
      outcome: event.outcome ?? 'ok',
      at: event.at ?? null,
      count: event.count ?? 1,
    }));
    await session.database.execute(sql`
      insert into ${usageEvents}
        (workspace_id, skill_id, skill_name, trigger, principal_kind, principal_id, outcome, at, count)
      select workspace_id, skill_id, skill_name, trigger, principal_kind, principal_id, outcome,
        coalesce(at, now()), count
      from json_to_recordset(${JSON.stringify(rows)}::json) as event(
        workspace_id text, skill_id text, skill_name text, trigger text,
        principal_kind text, principal_id text, outcome text, at timestamptz, count integer
      )`);
  };
  return {
    record: (event) => recordMany([event]),
    recordMany,
    async counts(options) {
      const conditions: SQL[] = [
        eq(usageEvents.workspaceId, options.workspaceId),
        eq(usageEvents.outcome, 'ok'),
        gte(usageEvents.at, options.from),
        lt(usageEvents.at, options.to),
      ];
      if (options.skillName !== undefined) {
        conditions.push(sql`lower(${usageEvents.skillName}) = lower(${options.skillName})`);
      }
      const day = sql<string>`to_char(${usageEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
      return session.database
        .select({
          skillName: usageEvents.skillName,
          day,
          trigger: usageEvents.trigger,
          count: sql<number>`sum(${usageEvents.count})`.mapWith(Number),
        })
        .from(usageEvents)
        .where(and(...conditions))
        .groupBy(usageEvents.skillName, day, usageEvents.trigger)
        .orderBy(day, usageEvents.skillName, usageEvents.trigger);
    },
    summary: (options) => summarizeUsage(session.database, options),
  };
}
