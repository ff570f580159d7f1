import { SkillsetError, scopeRank } from '@skillset/core';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { skills } from '../schema/skills.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import { scopeRankSql, selectStoredSkills, visibleSkills } from './skill-rows.ts';
import type { ListSkillsOptions, ListSkillsResult } from './skill-types.ts';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

type Cursor = [name: string, rank: number, id: string];

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'number' &&
      typeof value[2] === 'string'
    ) {
      return value as Cursor;
    }
  } catch {}
  throw new SkillsetError<StoreErrorCode>({
    code: 'invalid_cursor',
    message: `Invalid cursor ${JSON.stringify(text)}; pass the nextCursor of a previous page.`,
    details: { cursor: text },
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The filter conditions of a listing (everything but paging). */
function filters(options: ListSkillsOptions): SQL[] {
  const conditions: SQL[] = [visibleSkills(options)];
  if (options.scope !== undefined) {
    const scopes = typeof options.scope === 'string' ? [options.scope] : [...options.scope];
    conditions.push(inArray(skills.scope, scopes));
  }
  if (options.source !== undefined) conditions.push(eq(skills.source, options.source));
  if (options.enabled !== undefined) conditions.push(eq(skills.enabled, options.enabled));
  if (options.tag !== undefined) {
    conditions.push(
      sql`exists (select 1 from unnest(${skillVersions.tags}) as tag where lower(tag) = lower(${options.tag}))`,
    );
  }
  if (options.category !== undefined) {
    conditions.push(sql`lower(${skillVersions.category}) = lower(${options.category})`);
  }
  for (const word of (options.q ?? '').toLowerCase().split(/\s+/)) {
    if (word === '') continue;
    conditions.push(sql`${skillVersions.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  return conditions;
}

/** Lists the visible skills matching the filters, one page at a time, with the total count. */
export async function listSkills(
  database: StoreDatabase,
  options: ListSkillsOptions,
): Promise<ListSkillsResult> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
  const conditions = filters(options);
  const [totalRow] = await database
    .select({ value: count() })
    .from(skills)
    .innerJoin(
      skillVersions,
      and(eq(skillVersions.skillId, skills.id), eq(skillVersions.number, skills.currentVersion)),
    )
    .where(and(...conditions));
  const pageConditions = [...conditions];
  if (options.cursor !== undefined) {
    const [name, rank, id] = decodeCursor(options.cursor);
    pageConditions.push(
      sql`(lower(${skills.name}), ${scopeRankSql}, ${skills.id}) > (${name}, ${rank}, ${id})`,
    );
  }
  let query = selectStoredSkills(database, and(...pageConditions))
    .orderBy(asc(sql`lower(${skills.name})`), asc(scopeRankSql), asc(skills.id))
    .limit(limit + 1)
    .$dynamic();
  if (options.cursor === undefined && options.offset !== undefined && options.offset > 0) {
    query = query.offset(Math.trunc(options.offset));
  }
  const rows = await query;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const result: ListSkillsResult = { items, total: totalRow?.value ?? 0 };
  if (rows.length > limit && last !== undefined) {
    result.nextCursor = encodeCursor([last.name.toLowerCase(), scopeRank(last.scope), last.id]);
  }
  return result;
}
