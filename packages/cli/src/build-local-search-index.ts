import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyzeSkill,
  type CatalogSkill,
  catalogSkillOf,
  createSkillIndex,
  DEFAULT_INDEX_SETTINGS,
  type SkillAnalysis,
  type SkillEntry,
  type SkillIndex,
  type SkillRegistry,
} from '@skillset/core';
import { defaultCacheDir } from '@skillset/core/node';
import { loadLocalSynonyms } from './load-local-synonyms.ts';
import type { Terminal } from './output/terminal.ts';

/** Bump when the tokenizer, the stemmer or this file's format changes. */
export const SEARCH_INDEX_CACHE_VERSION = 1;

/** One skill's cached terms, valid while its `SKILL.md` keeps this size and mtime. */
interface CachedAnalysis {
  size: number;
  mtimeMs: number;
  lengths: SkillAnalysis['lengths'];
  /** Per field, "term count term count …". */
  counts: [string, string, string, string];
}

interface SearchIndexCache {
  version: number;
  maximumBodyLength: number;
  skills: Record<string, CachedAnalysis>;
}

/** Options for {@link buildLocalSearchIndex}. */
export interface BuildLocalSearchIndexOptions {
  registry: SkillRegistry;
  entries: readonly SkillEntry[];
}

const encodeCounts = (counts: Map<string, number>): string =>
  [...counts].map(([term, count]) => `${term} ${count}`).join(' ');

function decodeCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (text === '') return counts;
  const parts = text.split(' ');
  for (let index = 0; index + 1 < parts.length; index += 2) {
    counts.set(parts[index] as string, Number(parts[index + 1]));
  }
  return counts;
}

/** The cache file for the project in `cwd`: the skills it sees differ by project. */
function cacheFileOf(terminal: Terminal): string {
  const home = terminal.env.HOME || os.homedir();
  const cacheDir = defaultCacheDir({ env: terminal.env, home });
  const hash = createHash('sha256').update(terminal.cwd).digest('hex').slice(0, 24);
  return path.join(cacheDir, `search-${hash}.json`);
}

function readCache(file: string): SearchIndexCache['skills'] {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as Partial<SearchIndexCache>;
    if (
      cache.version === SEARCH_INDEX_CACHE_VERSION &&
      cache.maximumBodyLength === DEFAULT_INDEX_SETTINGS.maximumBodyLength &&
      typeof cache.skills === 'object' &&
      cache.skills !== null
    ) {
      return cache.skills;
    }
  } catch {}
  return {};
}

function writeCache(file: string, skills: SearchIndexCache['skills']): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const cache: SearchIndexCache = {
    version: SEARCH_INDEX_CACHE_VERSION,
    maximumBodyLength: DEFAULT_INDEX_SETTINGS.maximumBodyLength,
    skills,
  };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(cache));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written costs the next search time, not its answer.
    rmSync(temporary, { force: true });
  }
}

function isCachedAnalysis(value: unknown): value is CachedAnalysis {
  const cached = value as CachedAnalysis | undefined;
  return (
    typeof cached === 'object' &&
    cached !== null &&
    typeof cached.size === 'number' &&
    typeof cached.mtimeMs === 'number' &&
    Array.isArray(cached.lengths) &&
    cached.lengths.length === 4 &&
    Array.isArray(cached.counts) &&
    cached.counts.length === 4 &&
    cached.counts.every((text) => typeof text === 'string')
  );
}

/**
 * The ranker over `entries` with the shipped synonyms. Each skill's terms come from the user cache
 * while its `SKILL.md` keeps its size and mtime; only the other skills' bodies are read and
 * tokenized, and the cache is rewritten when one was (docs/decisions/0091).
 */
export async function buildLocalSearchIndex(
  terminal: Terminal,
  options: BuildLocalSearchIndexOptions,
): Promise<SkillIndex> {
  const { registry, entries } = options;
  const file = cacheFileOf(terminal);
  const cached = readCache(file);
  const next: SearchIndexCache['skills'] = {};
  const skills: CatalogSkill[] = [];
  const analyses: SkillAnalysis[] = [];
  let changed = false;
  await Promise.all(
    entries.map(async (entry, position) => {
      const skill = catalogSkillOf(entry);
      skills[position] = skill;
      // The scan's size and mtime when the source has them; else one stat.
      let stat: { size: number; mtimeMs: number } | undefined =
        entry.size !== undefined && entry.mtimeMs !== undefined
          ? { size: entry.size, mtimeMs: entry.mtimeMs }
          : undefined;
      if (stat === undefined) {
        try {
          stat = statSync(entry.skillFile);
        } catch {}
      }
      const hit = cached[entry.skillFile];
      if (
        stat !== undefined &&
        isCachedAnalysis(hit) &&
        hit.size === stat.size &&
        hit.mtimeMs === stat.mtimeMs
      ) {
        analyses[position] = {
          counts: hit.counts.map(decodeCounts) as SkillAnalysis['counts'],
          lengths: hit.lengths,
        };
        next[entry.skillFile] = hit;
        return;
      }
      changed = true;
      skill.body = await registry.readBody(entry);
      const analysis = analyzeSkill(skill, DEFAULT_INDEX_SETTINGS.maximumBodyLength);
      analyses[position] = analysis;
      // A file modified during the read may not be what was analyzed: it is not cached.
      if (stat !== undefined && Date.now() - stat.mtimeMs > 2000) {
        next[entry.skillFile] = {
          size: stat.size,
          mtimeMs: stat.mtimeMs,
          lengths: analysis.lengths,
          counts: analysis.counts.map(encodeCounts) as CachedAnalysis['counts'],
        };
      }
    }),
  );
  if (changed || Object.keys(cached).length !== Object.keys(next).length) writeCache(file, next);
  return createSkillIndex(skills, { synonyms: loadLocalSynonyms(), analyses });
}
