import type { SkillScope } from '../api/client.ts';
import { readSkillScope } from './skill-scopes.ts';

/** The library's search and filters, as kept in the page's URL. */
export interface SkillFilters {
  q: string;
  scope?: SkillScope;
  source?: string;
  enabled?: boolean;
  eligible?: boolean;
  userInvocable?: boolean;
  modelInvocable?: boolean;
  tag?: string;
  category?: string;
  /** 1-based. */
  page: number;
}

const BOOLEAN_KEYS = ['enabled', 'eligible', 'userInvocable', 'modelInvocable'] as const;
const TEXT_KEYS = ['source', 'tag', 'category'] as const;

/** How many skills one page of the library shows. */
export const SKILLS_PAGE_SIZE = 50;

function readBoolean(value: string | null): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Reads the filters from a URL query; unknown or malformed values are ignored. */
export function readSkillFilters(params: URLSearchParams): SkillFilters {
  const filters: SkillFilters = { q: params.get('q') ?? '', page: 1 };
  const scope = readSkillScope(params.get('scope'));
  if (scope !== undefined) filters.scope = scope;
  for (const key of BOOLEAN_KEYS) {
    const value = readBoolean(params.get(key));
    if (value !== undefined) filters[key] = value;
  }
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** Writes the filters as a URL query, leaving out what is not set. */
export function writeSkillFilters(filters: SkillFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q);
  if (filters.scope !== undefined) params.set('scope', filters.scope);
  for (const key of BOOLEAN_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  for (const key of TEXT_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The `GET /api/skills` query for one page of the filtered library. */
export function skillListQuery(filters: SkillFilters) {
  const query: Record<string, string | number> = {
    limit: SKILLS_PAGE_SIZE,
    offset: (filters.page - 1) * SKILLS_PAGE_SIZE,
  };
  const params = writeSkillFilters({ ...filters, page: 1 });
  for (const [key, value] of params) query[key] = key === 'q' ? value.trim() : value;
  return query;
}

/** How many filters besides the search text are set. */
export function countActiveFilters(filters: SkillFilters): number {
  return (
    (filters.scope === undefined ? 0 : 1) +
    BOOLEAN_KEYS.filter((key) => filters[key] !== undefined).length +
    TEXT_KEYS.filter((key) => filters[key] !== undefined).length
  );
}
