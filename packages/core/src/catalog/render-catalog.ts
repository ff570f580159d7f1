import { createSkillIndex, type SkillIndex } from '../search/create-skill-index.ts';
import type { CatalogSkill } from './catalog-skill.ts';
import { countTokens } from './count-tokens.ts';
import {
  type CatalogFormat,
  renderCatalogEntry,
  renderCatalogFooter,
  renderCatalogHeader,
} from './render-catalog-entry.ts';

/** `stable`: by name, the same text for the same skills (prompt-cache friendly); `ranked`: by relevance to the query. */
export type CatalogMode = 'stable' | 'ranked';

/** The catalog budget when none is given, in tokens (DESIGN.md §6 minimum). */
export const DEFAULT_CATALOG_BUDGET = 2000;

/** The longest description shown in a catalog entry, in characters. */
export const MAXIMUM_CATALOG_DESCRIPTION_LENGTH = 1024;

/**
 * In ranked mode, how many of the top-ranked skills keep their descriptions before names of the
 * next ones take the rest of the budget (chosen with `npm run bench -- selection`: docs/decisions/0111).
 */
export const DEFAULT_DESCRIBED_ENTRIES = 12;

/** Options of `renderCatalog`. */
export interface RenderCatalogOptions {
  /** The skills the model is allowed to use (policy already applied). */
  skills: readonly CatalogSkill[];
  /** Token budget of the whole text (o200k_base); default 2,000. */
  budget?: number;
  /** The user's message; orders the entries in `ranked` mode. */
  query?: string;
  format?: CatalogFormat;
  mode?: CatalogMode;
  /** A prebuilt index over `skills` for `ranked` mode; otherwise one is built and kept per skills array. */
  index?: SkillIndex;
  /** A precomputed ranking by name (e.g. from hybrid search); overrides the index in `ranked` mode. */
  rankedNames?: readonly string[];
  /** At most this many entries, so that a large set leaves budget for descriptions. */
  maximumEntries?: number;
  /** Characters kept of each description (default 1,024). */
  maximumDescriptionLength?: number;
  /**
   * In ranked mode, the top-ranked skills (after the pinned ones) that keep their descriptions
   * first; the next ones are listed by name, the rest counted (default {@link DEFAULT_DESCRIBED_ENTRIES}).
   */
  describedEntries?: number;
  /** Skills that always keep their description and come first (e.g. an agent's own skills). */
  pinned?: readonly string[];
}

/** One listed skill; `description` is absent when it was dropped to fit the budget. */
export interface CatalogEntry {
  name: string;
  description?: string;
}

/** The rendered catalog. */
export interface RenderCatalogResult {
  text: string;
  entries: CatalogEntry[];
  /** Skills left out of the text entirely. */
  omitted: number;
  /** Tokens of `text` (o200k_base). */
  tokens: number;
}

interface MeasuredEntry {
  rawName: string;
  rawDescription: string;
  rawLocation: string | undefined;
  name: string;
  description: string;
  nameOnly: string;
  full: string;
  nameOnlyTokens: number;
  fullTokens: number;
}

// Per format and description length, the measured entry of each skill object. One lookup of the
// outer map per render: a key string built per entry showed in the ranked-render profile.
const measuredEntries = new Map<string, WeakMap<CatalogSkill, MeasuredEntry>>();

function measuredEntriesOf(
  format: CatalogFormat,
  maximumDescriptionLength: number,
): WeakMap<CatalogSkill, MeasuredEntry> {
  const key = `${format}:${maximumDescriptionLength}`;
  let entries = measuredEntries.get(key);
  if (entries === undefined) {
    entries = new WeakMap();
    measuredEntries.set(key, entries);
  }
  return entries;
}
const defaultIndexes = new WeakMap<readonly CatalogSkill[], SkillIndex>();
const stableOrders = new WeakMap<readonly CatalogSkill[], CatalogSkill[]>();
// No entry line is shorter than this many tokens, so a budget bounds how many entries can fit.
const minimumEntryTokens: Record<CatalogFormat, number> = { markdown: 2, xml: 10 };

function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function capDescription(description: string, maximumLength: number): string {
  if (description.length <= maximumLength) return description;
  return `${description.slice(0, Math.max(0, maximumLength - 1)).trimEnd()}…`;
}

function measureEntry(
  skill: CatalogSkill,
  format: CatalogFormat,
  maximumDescriptionLength: number,
  measured: WeakMap<CatalogSkill, MeasuredEntry>,
): MeasuredEntry {
  const cached = measured.get(skill);
  if (
    cached !== undefined &&
    cached.rawName === skill.name &&
    cached.rawDescription === skill.description &&
    cached.rawLocation === skill.location
  ) {
    return cached;
  }
  const name = singleLine(skill.name);
  const description = capDescription(singleLine(skill.description), maximumDescriptionLength);
  const nameOnly = renderCatalogEntry(format, name, undefined, skill.location);
  const full =
    description.length > 0
      ? renderCatalogEntry(format, name, description, skill.location)
      : nameOnly;
  const entry: MeasuredEntry = {
    rawName: skill.name,
    rawDescription: skill.description,
    rawLocation: skill.location,
    name,
    description,
    nameOnly,
    full,
    nameOnlyTokens: countTokens(nameOnly),
    fullTokens: full === nameOnly ? countTokens(nameOnly) : countTokens(full),
  };
  measured.set(skill, entry);
  return entry;
}

function compareByName(left: CatalogSkill, right: CatalogSkill): number {
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

function stableOrder(skills: readonly CatalogSkill[]): CatalogSkill[] {
  let order = stableOrders.get(skills);
  if (order === undefined) {
    order = [...skills].sort(compareByName);
    stableOrders.set(skills, order);
  }
  return order;
}

function orderSkills(options: RenderCatalogOptions, limit: number): CatalogSkill[] {
  const { skills, query } = options;
  const stable = () => stableOrder(skills).slice(0, limit);
  if (options.mode !== 'ranked') return stable();
  if (options.rankedNames !== undefined) {
    const byName = new Map(skills.map((skill) => [skill.name, skill]));
    const ordered: CatalogSkill[] = [];
    const seen = new Set<CatalogSkill>();
    for (const name of options.rankedNames) {
      const skill = byName.get(name);
      if (skill === undefined || seen.has(skill)) continue;
      seen.add(skill);
      ordered.push(skill);
      if (ordered.length >= limit) return ordered;
    }
    for (const skill of stableOrder(skills)) {
      if (ordered.length >= limit) break;
      if (!seen.has(skill)) ordered.push(skill);
    }
    return ordered;
  }
  if (query === undefined || query.trim() === '') return stable();
  let index = options.index;
  if (index === undefined) {
    index = defaultIndexes.get(skills);
    if (index === undefined) {
      index = createSkillIndex(skills);
      defaultIndexes.set(skills, index);
    }
  }
  return index.rank(query, { limit }).map((entry) => entry.skill);
}

/** The pinned skills first (in name order), then the others in catalog order, at most `limit`. */
function pinnedFirst(options: RenderCatalogOptions, limit: number): CatalogSkill[] {
  const names = new Set((options.pinned ?? []).map((name) => name.toLowerCase()));
  if (names.size === 0) return orderSkills(options, limit);
  const pinned = options.skills
    .filter((skill) => names.has(skill.name.toLowerCase()))
    .sort(compareByName);
  const rest = orderSkills(options, limit + pinned.length).filter(
    (skill) => !names.has(skill.name.toLowerCase()),
  );
  return [...pinned, ...rest].slice(0, limit);
}

/** Ranked entries are tiered (descriptions for the top, names next); a stable list is not. */
function isTiered(options: RenderCatalogOptions): boolean {
  if (options.mode !== 'ranked') return false;
  return options.rankedNames !== undefined || (options.query ?? '').trim() !== '';
}

/** Renders the skill catalog for a model within a token budget, degrading gracefully when it does not fit (DESIGN.md §6). */
export function renderCatalog(options: RenderCatalogOptions): RenderCatalogResult {
  const format = options.format ?? 'markdown';
  const budget = options.budget ?? DEFAULT_CATALOG_BUDGET;
  const maximumDescriptionLength =
    options.maximumDescriptionLength ?? MAXIMUM_CATALOG_DESCRIPTION_LENGTH;
  const total = options.skills.length;
  if (total === 0) return { text: '', entries: [], omitted: 0, tokens: 0 };

  const measured = measuredEntriesOf(format, maximumDescriptionLength);
  const header = renderCatalogHeader(format);
  const fixedTokens = countTokens(header) + countTokens(renderCatalogFooter(format, total));
  const limit = Math.min(
    total,
    options.maximumEntries ?? total,
    Math.max(0, Math.floor((budget - fixedTokens) / minimumEntryTokens[format])),
  );
  // Most names cost several tokens: rank a likely-enough prefix first, the whole bound if names still fit.
  const likelyLimit = Math.min(limit, Math.ceil((budget - fixedTokens) / 4) + 1);
  const tiered = isTiered(options);
  const pinned = new Set((options.pinned ?? []).map((name) => name.toLowerCase()));
  const describedTier = options.describedEntries ?? DEFAULT_DESCRIBED_ENTRIES;
  let ordered: MeasuredEntry[] = [];
  let remaining = 0;
  let listed: boolean[] = [];
  let described: boolean[] = [];
  for (const attempt of likelyLimit < limit ? [likelyLimit, limit] : [limit]) {
    ordered = pinnedFirst(options, attempt).map((skill) =>
      measureEntry(skill, format, maximumDescriptionLength, measured),
    );
    remaining = budget - fixedTokens;
    listed = new Array<boolean>(ordered.length).fill(false);
    described = new Array<boolean>(ordered.length).fill(false);
    // Ranked: the pinned and the top-ranked skills first, with their descriptions.
    if (tiered) {
      let top = 0;
      for (const [position, entry] of ordered.entries()) {
        const isPinned = pinned.has(entry.name.toLowerCase());
        if (!isPinned && top >= describedTier) continue;
        if (!isPinned) top += 1;
        if (entry.fullTokens <= remaining) {
          listed[position] = true;
          described[position] = entry.full !== entry.nameOnly;
          remaining -= entry.fullTokens;
        }
      }
    }
    // Then every name that fits, in order, skipping (not stopping at) one that does not.
    for (const [position, entry] of ordered.entries()) {
      if (!listed[position] && entry.nameOnlyTokens <= remaining) {
        listed[position] = true;
        remaining -= entry.nameOnlyTokens;
      }
    }
    if (remaining < minimumEntryTokens[format]) break;
  }
  // Budget left: descriptions from the top down, so the lowest-ranked lose theirs first.
  ordered.forEach((entry, position) => {
    const extra = entry.fullTokens - entry.nameOnlyTokens;
    if (
      listed[position] &&
      !described[position] &&
      entry.full !== entry.nameOnly &&
      extra <= remaining
    ) {
      described[position] = true;
      remaining -= extra;
    }
  });

  const entries: CatalogEntry[] = [];
  const lines: string[] = [header];
  let entryTokens = 0;
  ordered.forEach((entry, position) => {
    if (!listed[position]) return;
    if (described[position]) {
      entries.push({ name: entry.name, description: entry.description });
      lines.push(entry.full);
      entryTokens += entry.fullTokens;
    } else {
      entries.push({ name: entry.name });
      lines.push(entry.nameOnly);
      entryTokens += entry.nameOnlyTokens;
    }
  });
  const omitted = total - entries.length;
  if (entries.length === 0) {
    const footerOnly = renderCatalogFooter('markdown', omitted);
    const footerTokens = countTokens(footerOnly);
    return footerTokens <= budget
      ? { text: footerOnly, entries, omitted, tokens: footerTokens }
      : { text: '', entries, omitted, tokens: 0 };
  }
  const footer = renderCatalogFooter(format, omitted);
  lines.push(footer);
  // Lines end in a newline and start with a non-space, so token counts add up exactly.
  const tokens = countTokens(header) + entryTokens + countTokens(footer);
  return { text: lines.join(''), entries, omitted, tokens };
}
