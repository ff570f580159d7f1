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

/** Who used a skill: `name` is null when the user or agent is gone, `kind` when none was recorded. */
export interface UsagePrincipal {
  kind: 'user' | 'agent' | null;
  id: string | null;
  name: string | null;
}

/**
 * A workspace's usage over a period: totals per skill, per principal and per UTC day. `uses`
 * counts successful uses, `failures` the attempts that ended in an error.
 */
export interface UsageSummary {
  total: number;
  failures: number;
  /** Most used first. */
  skills: Array<{ skillName: string; uses: number; failures: number; lastUsedAt: Date }>;
  /** Most active first. */
  principals: Array<UsagePrincipal & { uses: number; failures: number }>;
  /** Names of the enabled skills the user can see that nobody used or tried, alphabetical. */
  unused: string[];
  /** Every UTC day of the period (`YYYY-MM-DD`), oldest first, zero where none. */
  daily: Array<{ day: string; uses: number; failures: number }>;
  /** The failed attempts per skill, error code and principal, the most recent first (at most 50). */
  failed: Array<{
    skillName: string;
    outcome: string;
    principal: UsagePrincipal;
    count: number;
    lastAt: Date;
  }>;
}

const MAXIMUM_FAILURE_GROUPS = 50;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const principalKind = (kind: string | null) => (kind === 'user' || kind === 'agent' ? kind : null);

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
  const uses =
    sql<number>`coalesce(sum(${usageEvents.count}) filter (where ${usageEvents.outcome} = 'ok'), 0)`.mapWith(
      Number,
    );
  const failures =
    sql<number>`coalesce(sum(${usageEvents.count}) filter (where ${usageEvents.outcome} <> 'ok'), 0)`.mapWith(
      Number,
    );

  const perSkill = await database
    .select({
      skillName: usageEvents.skillName,
      uses,
      failures,
      lastUsedAt: max(usageEvents.at),
    })
    .from(usageEvents)
    .where(inPeriod)
    .groupBy(usageEvents.skillName)
    .orderBy(desc(uses), desc(failures), asc(usageEvents.skillName));

  const userOfEvent = and(
    eq(usageEvents.principalKind, 'user'),
    eq(users.id, usageEvents.principalId),
  );
  // Only the workspace's own agents: an id alone must not reveal another workspace's agent name.
  const agentOfEvent = and(
    eq(usageEvents.principalKind, 'agent'),
    eq(agents.id, usageEvents.principalId),
    eq(agents.workspaceId, options.workspaceId),
  );
  const principalName = sql<string | null>`coalesce(max(${users.name}), max(${agents.name}))`;

  const principals = await database
    .select({
      kind: usageEvents.principalKind,
      id: usageEvents.principalId,
      name: principalName,
      uses,
      failures,
    })
    .from(usageEvents)
    .leftJoin(users, userOfEvent)
    .leftJoin(agents, agentOfEvent)
    .where(inPeriod)
    .groupBy(usageEvents.principalKind, usageEvents.principalId)
    .orderBy(
      desc(uses),
      desc(failures),
      asc(usageEvents.principalKind),
      asc(usageEvents.principalId),
    );

  const failed = await database
    .select({
      skillName: usageEvents.skillName,
      outcome: usageEvents.outcome,
      kind: usageEvents.principalKind,
      id: usageEvents.principalId,
      name: principalName,
      count: sql<number>`sum(${usageEvents.count})`.mapWith(Number),
      lastAt: max(usageEvents.at),
    })
    .from(usageEvents)
    .leftJoin(users, userOfEvent)
    .leftJoin(agents, agentOfEvent)
    .where(and(inPeriod, sql`${usageEvents.outcome} <> 'ok'`))
    .groupBy(
      usageEvents.skillName,
      usageEvents.outcome,
      usageEvents.principalKind,
      usageEvents.principalId,
    )
    .orderBy(
      desc(max(usageEvents.at)),
      asc(usageEvents.skillName),
      asc(usageEvents.outcome),
      asc(usageEvents.principalKind),
      asc(usageEvents.principalId),
    )
    .limit(MAXIMUM_FAILURE_GROUPS);

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
  const daily = await queryRows<{ day: string; uses: number; failures: number }>(
    database,
    sql`with counts as (
      select (${usageEvents.at} at time zone 'UTC')::date as day,
        coalesce(sum(${usageEvents.count}) filter (where ${usageEvents.outcome} = 'ok'), 0)::int as uses,
        coalesce(sum(${usageEvents.count}) filter (where ${usageEvents.outcome} <> 'ok'), 0)::int as failures
      from ${usageEvents} where ${inPeriod} group by 1
    )
    select to_char(series.day, 'YYYY-MM-DD') as day, coalesce(counts.uses, 0)::int as uses,
      coalesce(counts.failures, 0)::int as failures
    from generate_series(${utcDay(options.from)}::date, ${lastDay}::date, interval '1 day') as series(day)
    left join counts on counts.day = series.day::date
    order by series.day`,
  );

  return {
    total: perSkill.reduce((sum, row) => sum + row.uses, 0),
    failures: perSkill.reduce((sum, row) => sum + row.failures, 0),
    skills: perSkill.map((row) => ({
      skillName: row.skillName,
      uses: row.uses,
      failures: row.failures,
      lastUsedAt: row.lastUsedAt ?? options.from,
    })),
    principals: principals.map((row) => ({
      kind: principalKind(row.kind),
      id: row.id,
      name: row.name,
      uses: row.uses,
      failures: row.failures,
    })),
    unused: unused.map((row) => row.name),
    daily: daily.map((row) => ({
      day: row.day,
      uses: Number(row.uses),
      failures: Number(row.failures),
    })),
    failed: failed.map((row) => ({
      skillName: row.skillName,
      outcome: row.outcome,
      principal: { kind: principalKind(row.kind), id: row.id, name: row.name },
      count: row.count,
      lastAt: row.lastAt ?? options.from,
    })),
  };
}
