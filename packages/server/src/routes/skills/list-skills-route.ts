import { createRoute, z } from '@hono/zod-openapi';
import { type SkillMatch, SkillsetError } from '@skillset/core';
import {
  type ListSkillsOptions,
  STORED_SKILL_SCOPES,
  type StoredSkill,
  type StoredSkillScope,
} from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { agentReadFilter } from './agent-read-filter.ts';
import { presentSkillSummary } from './present-skill.ts';
import { searchStoredSkills } from './rank-stored-skills.ts';
import { findShadowing } from './shadowing-of.ts';
import { resolveSkillCaller, type SkillCaller } from './skill-caller.ts';
import { skillEligibility } from './skill-eligibility.ts';
import { loadSkillListActivity, type SkillListSort } from './skill-list-activity.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { skillListSchema } from './skill-schemas.ts';

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
const OFFSET_CURSOR = /^offset:(\d+)$/;
const PAGE_SIZE = 10_000;

const listQuerySchema = z.object({
  scope: z.string().optional().openapi({
    description: 'One scope or a comma-separated list (builtin,public,workspace,personal).',
  }),
  source: z
    .string()
    .optional()
    .openapi({ description: 'Where skills came from: builtin, api, upload…' }),
  enabled: booleanQuery.optional(),
  eligible: booleanQuery
    .optional()
    .openapi({ description: "Whether the skill's `requires` are met on this server." }),
  tag: z.string().optional(),
  category: z.string().optional(),
  userInvocable: booleanQuery
    .optional()
    .openapi({ description: 'Whether a person may invoke the skill (`/name`).' }),
  modelInvocable: booleanQuery
    .optional()
    .openapi({ description: 'Whether the model may load the skill by itself.' }),
  q: z.string().optional().openapi({
    description:
      'Search: ranked by relevance, best first (any word may match; stemmed; synonyms count); a skill named exactly so comes first; each item says in `match` why it matched; `confident` counts the confident matches at the head.',
  }),
  sort: z.enum(['name', 'updated', 'uses']).optional().openapi({
    description:
      'Order without `q`: `name` (the default), `updated` (most recently updated first) or `uses` (most used in the last 30 days first).',
  }),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE).optional().openapi({ example: 50 }),
  offset: z.coerce.number().int().min(0).optional(),
  cursor: z.string().optional().openapi({ description: 'The nextCursor of the previous page.' }),
});

type ListQuery = z.output<typeof listQuerySchema>;

const listSkillsRoute = createRoute({
  method: 'get',
  path: '/api/skills',
  tags: ['skills'],
  summary: 'List the skills you can see, with filters and paging',
  request: { query: listQuerySchema },
  responses: {
    200: {
      description: 'A page of skills',
      content: { 'application/json': { schema: skillListSchema } },
    },
    400: jsonErrorResponse('Bad filter'),
  },
});

function parseScopes(text: string | undefined): StoredSkillScope[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const scopes = text.split(',').map((part) => part.trim());
  for (const scope of scopes) {
    if (!(STORED_SKILL_SCOPES as readonly string[]).includes(scope)) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `Unknown scope ${JSON.stringify(scope)}; use ${STORED_SKILL_SCOPES.join(', ')} (comma-separated for several).`,
      });
    }
  }
  return scopes as StoredSkillScope[];
}

function storeFilters(caller: SkillCaller, query: ListQuery): ListSkillsOptions {
  const scope = parseScopes(query.scope);
  return {
    ...caller.access,
    ...(scope === undefined ? {} : { scope }),
    ...(query.source === undefined ? {} : { source: query.source }),
    ...(query.enabled === undefined ? {} : { enabled: query.enabled }),
    ...(query.tag === undefined ? {} : { tag: query.tag }),
    ...(query.category === undefined ? {} : { category: query.category }),
  };
}

/** Lists every matching skill, page by page (for the computed filters and ranking). */
async function listAll(
  dependencies: SkillRouteDependencies,
  filters: ListSkillsOptions,
): Promise<StoredSkill[]> {
  const items: StoredSkill[] = [];
  let cursor: string | undefined;
  do {
    const page = await dependencies.store.skills.list({
      ...filters,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

function readOffsetCursor(cursor: string | undefined, offset: number | undefined): number {
  if (cursor === undefined) return offset ?? 0;
  const match = OFFSET_CURSOR.exec(cursor);
  if (match === null) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_cursor',
      message: `Invalid cursor ${JSON.stringify(cursor)}; pass the nextCursor of a previous page with the same filters.`,
    });
  }
  return Number(match[1]);
}

/** The filters computed from each manifest rather than stored columns; undefined when none is asked. */
function computedFilter(
  dependencies: SkillRouteDependencies,
  query: ListQuery,
): ((skill: StoredSkill) => boolean) | undefined {
  const { eligible, userInvocable, modelInvocable } = query;
  if (eligible === undefined && userInvocable === undefined && modelInvocable === undefined) {
    return undefined;
  }
  return (skill) =>
    (eligible === undefined ||
      skillEligibility(skill.manifest, dependencies.environment).eligible === eligible) &&
    (userInvocable === undefined || skill.manifest.userInvocable === userInvocable) &&
    (modelInvocable === undefined || !skill.manifest.disableModelInvocation === modelInvocable);
}

function both<Item>(
  first: ((item: Item) => boolean) | undefined,
  second: ((item: Item) => boolean) | undefined,
): ((item: Item) => boolean) | undefined {
  if (first === undefined || second === undefined) return first ?? second;
  return (item) => first(item) && second(item);
}

/** Registers `GET /api/skills`. */
export function registerListSkillsRoute(app: ApiApp, dependencies: SkillRouteDependencies) {
  app.openapi(listSkillsRoute, async (context) => {
    const query = context.req.valid('query');
    const caller = await resolveSkillCaller(dependencies.runtime, context.get('principal'));
    const filters = storeFilters(caller, query);
    const keep = both(computedFilter(dependencies, query), await agentReadFilter(caller));
    const ranked = query.q !== undefined && query.q.trim() !== '';
    const sort: SkillListSort = ranked ? 'name' : (query.sort ?? 'name');
    let activity: Awaited<ReturnType<typeof loadSkillListActivity>> | undefined;
    let page: { items: StoredSkill[]; total: number; nextCursor?: string; confident?: number };
    const matches = new Map<StoredSkill, SkillMatch[]>();
    if (keep === undefined && !ranked && sort === 'name') {
      page = await dependencies.store.skills.list({
        ...filters,
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.offset === undefined ? {} : { offset: query.offset }),
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
    } else {
      let matching = await listAll(dependencies, filters);
      if (keep !== undefined) matching = matching.filter(keep);
      let confident: number | undefined;
      if (ranked) {
        const search = searchStoredSkills(matching, query.q ?? '', dependencies.ranker());
        for (const { skill, match } of search.found) matches.set(skill, match);
        matching = search.found.map(({ skill }) => skill);
        confident = search.confident;
      }
      if (sort !== 'name') {
        const loaded = await loadSkillListActivity(dependencies, caller, matching);
        const key =
          sort === 'uses'
            ? loaded.usesOf
            : (skill: StoredSkill) => loaded.updatedAtOf(skill).getTime();
        // Stable: equal keys keep the store's name order.
        matching = [...matching].sort((first, second) => key(second) - key(first));
        activity = loaded;
      }
      const start = readOffsetCursor(query.cursor, query.offset);
      const end = start + (query.limit ?? 50);
      page = {
        items: matching.slice(start, end),
        total: matching.length,
        ...(end < matching.length ? { nextCursor: `offset:${end}` } : {}),
        ...(confident === undefined ? {} : { confident }),
      };
    }
    const listed = activity ?? (await loadSkillListActivity(dependencies, caller, page.items));
    const items = await Promise.all(
      page.items.map(async (skill) => {
        const [{ shadowedBy }, skillActivity] = await Promise.all([
          findShadowing(dependencies.store, caller, skill),
          listed.of(skill),
        ]);
        const summary = {
          ...presentSkillSummary(skill, dependencies, shadowedBy),
          ...skillActivity,
        };
        const match = matches.get(skill);
        return match === undefined ? summary : { ...summary, match };
      }),
    );
    return context.json(
      {
        items,
        total: page.total,
        ...(page.confident === undefined ? {} : { confident: page.confident }),
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      },
      200,
    );
  });
}
