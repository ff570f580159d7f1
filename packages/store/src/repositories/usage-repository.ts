import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { usageEvents } from '../schema/usage-events.ts';

/** One use of a skill to record. */
export interface UsageEventInput {
  workspaceId: string;
  skillName: string;
  skillId?: string;
  /** How the skill was reached: a surface (`model`, `user`, `read`, …) or an entry point. */
  trigger: string;
  principal?: { kind: 'user' | 'agent'; id: string };
  /** Defaults to now. */
  at?: Date;
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

/** The number of uses of one skill on one UTC day through one trigger. */
export interface UsageCount {
  skillName: string;
  /** `YYYY-MM-DD` in UTC. */
  day: string;
  trigger: string;
  count: number;
}

/** Usage analytics: raw events in, counts per skill per day per trigger out. */
export interface UsageRepository {
  record(event: UsageEventInput): Promise<void>;
  recordMany(events: readonly UsageEventInput[]): Promise<void>;
  counts(options: UsageCountsOptions): Promise<UsageCount[]>;
}

/** Creates the usage repository over a session. */
export function createUsageRepository(session: StoreSession): UsageRepository {
  const recordMany = async (events: readonly UsageEventInput[]) => {
    if (events.length === 0) return;
    await session.database.insert(usageEvents).values(
      events.map((event) => ({
        workspaceId: event.workspaceId,
        skillName: event.skillName,
        skillId: event.skillId ?? null,
        trigger: event.trigger,
        principalKind: event.principal?.kind ?? null,
        principalId: event.principal?.id ?? null,
        ...(event.at === undefined ? {} : { at: event.at }),
      })),
    );
  };
  return {
    record: (event) => recordMany([event]),
    recordMany,
    async counts(options) {
      const conditions: SQL[] = [
        eq(usageEvents.workspaceId, options.workspaceId),
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
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(usageEvents)
        .where(and(...conditions))
        .groupBy(usageEvents.skillName, day, usageEvents.trigger)
        .orderBy(day, usageEvents.skillName, usageEvents.trigger);
    },
  };
}
