import { and, asc, desc, eq, gte, lt, max, notInArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { agents } from '../schema/agents.ts';
import { skills } from '../schema/skills.ts';
import { usageEvents } from '../schema/usage-events.ts';
import { users } from '../schema/users.ts';
import { visibleSkills } from '../skills/skill-rows.ts';

/** Options for {@link UsageRepository.summary}. */
export interface UsageSummaryOptions {
  workspaceId: string;
  /** The user looking: their personal skills count among the unused ones. */
  userId?: string;
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
}

/** A workspace's usage over a period: totals per skill, per principal and per UTC day. */
export interface UsageSummary {
  total: number;
  /** Most used first. */
  skills: Array<{ skillName: string; uses: number; lastUsedAt: Date }>;
  /** Most active first; `name` is null when the user or agent is gone, `kind` when none was recorded. */
  principals: Array<{
    kind: 'user' | 'agent' | null;
    id: string | null;
    name: string | null;
    uses: number;
  }>;
  /** Names of the enabled skills the user can see that nobody used, alphabetical. */
  unused: string[];
  /** Every UTC day of the period (`YYYY-MM-DD`), oldest first, zero where none. */
  daily: Array<{ day: string; uses: number }>;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Aggregates a workspace's usage events over a period in SQL. */
export async function summarizeUsage(
  database: StoreDatabase,
  options: UsageSummaryOptions,
): Promise<UsageSummary> {
  const inPeriod: SQL = and(
    eq(usageEvents.workspaceId, options.workspaceId),
    gte(usageEvents.at, options.from),
    lt(usageEvents.at, options.to),
  ) as SQL;
  const uses = sql<number>`count(*)`.mapWith(Number);

  const perSkill = await database
    .select({ skillName: usageEvents.skillName, uses, lastUsedAt: max(usageEvents.at) })
    .from(usageEvents)
    .where(inPeriod)
    .groupBy(usageEvents.skillName)
    .orderBy(desc(uses), asc(usageEvents.skillName));

  const principals = await database
    .select({
      kind: usageEvents.principalKind,
      id: usageEvents.principalId,
      name: sql<string | null>`coalesce(max(${users.name}), max(${agents.name}))`,
      uses,
    })
    .from(usageEvents)
    .leftJoin(
      users,
      and(eq(usageEvents.principalKind, 'user'), eq(users.id, usageEvents.principalId)),
    )
    .leftJoin(
      agents,
      and(
        eq(usageEvents.principalKind, 'agent'),
        eq(agents.id, usageEvents.principalId),
        eq(agents.workspaceId, options.workspaceId),
      ),
    )
    .where(inPeriod)
    .groupBy(usageEvents.principalKind, usageEvents.principalId)
    .orderBy(desc(uses), asc(usageEvents.principalKind), asc(usageEvents.principalId));

  const usedNames = database
    .select({ name: sql`lower(${usageEvents.skillName})` })
    .from(usageEvents)
    .where(inPeriod);
  const unused = await database
    .selectDistinct({ name: skills.name })
    .from(skills)
    .where(
      and(
        visibleSkills({
          workspaceId: options.workspaceId,
          ...(options.userId === undefined ? {} : { userId: options.userId }),
        }),
        eq(skills.enabled, true),
        notInArray(sql`lower(${skills.name})`, usedNames),
      ),
    )
    .orderBy(asc(skills.name));

  const lastDay = utcDay(new Date(options.to.getTime() - 1));
  const daily = await queryRows<{ day: string; uses: number }>(
    database,
    sql`with counts as (
      select (${usageEvents.at} at time zone 'UTC')::date as day, count(*)::int as uses
      from ${usageEvents} where ${inPeriod} group by 1
    )
    select to_char(series.day, 'YYYY-MM-DD') as day, coalesce(counts.uses, 0)::int as uses
    from generate_series(${utcDay(options.from)}::date, ${lastDay}::date, interval '1 day') as series(day)
    left join counts on counts.day = series.day::date
    order by series.day`,
  );

  return {
    total: perSkill.reduce((sum, row) => sum + row.uses, 0),
    skills: perSkill.map((row) => ({
      skillName: row.skillName,
      uses: row.uses,
      lastUsedAt: row.lastUsedAt ?? options.from,
    })),
    principals: principals.map((row) => ({
      kind: row.kind === 'user' || row.kind === 'agent' ? row.kind : null,
      id: row.id,
      name: row.name,
      uses: row.uses,
    })),
    unused: unused.map((row) => row.name),
    daily: daily.map((row) => ({ day: row.day, uses: Number(row.uses) })),
  };
}
