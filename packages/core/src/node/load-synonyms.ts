import { readFileSync } from 'node:fs';
import type { RelatedTerm, SynonymTable } from '../search/synonym-table.ts';

/** The first word of a synonym file's header line; the format version follows it. */
export const SYNONYM_FILE_MAGIC = 'skillset-synonyms';

/** The synonym file format this code reads (see {@link formatSynonymFile}). */
export const SYNONYM_FILE_VERSION = 1;

/**
 * The synonym table shipped with `@skillset/core`, generated from WordNet 3.1 at development time
 * (`npm run build:synonyms`); the same path from `src/node/` and `dist/node/`.
 */
export const SYNONYM_FILE = new URL('../../data/synonyms.txt', import.meta.url);

/**
 * Writes a synonym table as text: a header `skillset-synonyms 1 <weights…>`, then one line per
 * stem, sorted by code unit: the stem, then one tab-separated column per header weight with that
 * weight's related terms, space-separated, in the table's order (empty trailing columns dropped).
 */
export function formatSynonymFile(table: SynonymTable): string {
  const weights = new Set<number>();
  for (const related of table.values()) for (const { weight } of related) weights.add(weight);
  const order = [...weights].sort((left, right) => right - left);
  const column = new Map(order.map((weight, index) => [weight, index]));
  const stems = [...table.keys()].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const lines = [[SYNONYM_FILE_MAGIC, SYNONYM_FILE_VERSION, ...order].join(' ')];
  for (const stem of stems) {
    const columns: string[][] = order.map(() => []);
    const related = table.get(stem) ?? [];
    for (const { term, weight } of related) columns[column.get(weight) as number]?.push(term);
    while (columns.length > 0 && columns.at(-1)?.length === 0) columns.pop();
    lines.push([stem, ...columns.map((terms) => terms.join(' '))].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function parseLine(line: string, weights: readonly number[]): RelatedTerm[] {
  const related: RelatedTerm[] = [];
  const columns = line.split('\t');
  for (let index = 1; index < columns.length; index++) {
    const weight = weights[index - 1] as number;
    for (const term of (columns[index] as string).split(' ')) {
      if (term !== '') related.push({ term, weight });
    }
  }
  return related;
}

/**
 * A synonym table over the file's text: `get` binary-searches the sorted lines and parses only the
 * line it finds, so opening the table costs one file read; iterating parses every line once.
 */
export function parseSynonymFile(text: string): SynonymTable {
  const headerEnd = text.indexOf('\n');
  const header = text.slice(0, headerEnd === -1 ? text.length : headerEnd).split(' ');
  if (header[0] !== SYNONYM_FILE_MAGIC || header[1] !== String(SYNONYM_FILE_VERSION)) {
    throw new Error(
      `not a version ${SYNONYM_FILE_VERSION} synonym file (header: ${header.join(' ').slice(0, 60)})`,
    );
  }
  const weights = header.slice(2).map(Number);
  const bodyStart = headerEnd + 1;
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
        result = parseLine(text.slice(lineStart, lineEnd), weights);
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
        const tab = line.indexOf('\t');
        whole.set(tab === -1 ? line : line.slice(0, tab), parseLine(line, weights));
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

let shipped: SynonymTable | undefined;

/**
 * The synonym table shipped with `@skillset/core` (WordNet 3.1, stemmed; docs/decisions/0011),
 * read once per process (~3 MB, a few milliseconds); pass it to `createSkillIndex`.
 */
export function loadSynonyms(): SynonymTable {
  shipped ??= parseSynonymFile(readFileSync(SYNONYM_FILE, 'utf8'));
  return shipped;
}
