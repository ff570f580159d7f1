import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  CatalogSkill,
  SkillAnalysis,
  SkillEntry,
  SkillIndex,
  SkillRegistry,
  WordVectors,
} from '@skillset/core';
import {
  analyzeSkill,
  buildInvertedIndex,
  catalogSkillOf,
  createSkillIndex,
  DEFAULT_INDEX_SETTINGS,
} from '@skillset/core/lean';
import { defaultCacheDir, loadRankerData } from '@skillset/core/node';
import type { Terminal } from './output/terminal.ts';
import { readSearchPostingsFile, writeSearchPostingsFile } from './search-postings-file.ts';

/** Bump when the tokenizer, the stemmer, the shipped word vectors or this file's format changes. */
export const SEARCH_INDEX_CACHE_VERSION = 2;

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
  /** Names the cache files beside the project folder's, for a caller indexing another skill set there (the hook). */
  cacheName?: string;
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
function cacheFileOf(terminal: Terminal, suffix: string, name: string | undefined): string {
  const home = terminal.env.HOME || os.homedir();
  const cacheDir = defaultCacheDir({ env: terminal.env, home });
  const hash = createHash('sha256').update(terminal.cwd).digest('hex').slice(0, 24);
  return path.join(cacheDir, `search-${hash}${name === undefined ? '' : `-${name}`}${suffix}`);
}

type FileStamp = { size: number; mtimeMs: number } | undefined;

/** The scan's size and mtime when the source has them; else one stat. */
function stampOf(entry: SkillEntry): FileStamp {
  if (entry.size !== undefined && entry.mtimeMs !== undefined) {
    return { size: entry.size, mtimeMs: entry.mtimeMs };
  }
  try {
    return statSync(entry.skillFile);
  } catch {
    return undefined;
  }
}

/**
 * What the built postings and embedding depend on: the skills in order, their indexed fields
 * and file stamps, and the word vectors' shape.
 */
function fingerprintOf(
  skills: readonly CatalogSkill[],
  stamps: readonly FileStamp[],
  vectors: WordVectors,
): string {
  const hash = createHash('sha256');
  hash.update(`${SEARCH_INDEX_CACHE_VERSION} ${JSON.stringify(DEFAULT_INDEX_SETTINGS)}\n`);
  hash.update(`${vectors.dimensions} ${vectors.rows.size}\n`);
  skills.forEach((skill, position) => {
    const stamp = stamps[position];
    hash.update(
      `${skill.location ?? ''}\0${stamp?.size}\0${stamp?.mtimeMs}\0${skill.name}\0${skill.description}\0${(skill.tags ?? []).join(',')}\0${skill.category ?? ''}\n`,
    );
  });
  return hash.digest('hex').slice(0, 32);
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
 * The ranker over `entries` with the shipped synonyms and word vectors. For a skill set whose files all keep their
 * size and mtime, the built postings load from one binary file; otherwise each skill's terms come
 * from the user cache while its `SKILL.md` keeps its size and mtime, only the other skills' bodies
 * are read and tokenized, and both files are rewritten (docs/decisions/0091, 0092).
 */
export async function buildLocalSearchIndex(
  terminal: Terminal,
  options: BuildLocalSearchIndexOptions,
): Promise<SkillIndex> {
  const { registry, entries } = options;
  const skills = entries.map(catalogSkillOf);
  const stamps = entries.map(stampOf);
  const ranker = loadRankerData();
  const fingerprint = fingerprintOf(skills, stamps, ranker.wordVectors);
  const postingsFile = cacheFileOf(terminal, '.postings', options.cacheName);
  const persisted = readSearchPostingsFile({ file: postingsFile, fingerprint });
  if (persisted !== undefined) return createSkillIndex(skills, { ...ranker, ...persisted });

  const file = cacheFileOf(terminal, '.json', options.cacheName);
  const cached = readCache(file);
  const next: SearchIndexCache['skills'] = {};
  const analyses: SkillAnalysis[] = [];
  let changed = false;
  // Postings are persisted only when every skill's terms were cacheable (see below).
  let allCacheable = true;
  await Promise.all(
    entries.map(async (entry, position) => {
      const skill = skills[position] as CatalogSkill;
      const stat = stamps[position];
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
      delete skill.body;
      analyses[position] = analysis;
      // A file modified during the read may not be what was analyzed: it is not cached.
      if (stat !== undefined && Date.now() - stat.mtimeMs > 2000) {
        next[entry.skillFile] = {
          size: stat.size,
          mtimeMs: stat.mtimeMs,
          lengths: analysis.lengths,
          counts: analysis.counts.map(encodeCounts) as CachedAnalysis['counts'],
        };
      } else {
        allCacheable = false;
      }
    }),
  );
  if (changed || Object.keys(cached).length !== Object.keys(next).length) writeCache(file, next);
  const { postings } = buildInvertedIndex(skills, DEFAULT_INDEX_SETTINGS, analyses);
  const index = createSkillIndex(skills, { ...ranker, postings });
  if (allCacheable) {
    writeSearchPostingsFile({
      file: postingsFile,
      fingerprint,
      postings,
      embedded: index.embedded,
    });
  }
  return index;
}
