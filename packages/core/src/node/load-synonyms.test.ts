import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SynonymTable } from '../search/synonym-table.ts';
import {
  formatSynonymFile,
  loadSynonyms,
  parseSynonymFile,
  SYNONYM_FILE,
  SYNONYM_FILE_MAGIC,
} from './load-synonyms.ts';

const table: SynonymTable = new Map([
  [
    'car',
    [
      { term: 'automobil', weight: 1 },
      { term: 'auto', weight: 1 },
      { term: 'vehicl', weight: 0.25 },
    ],
  ],
  ['zebra', [{ term: 'equin', weight: 0.5 }]],
  ['a-bomb', [{ term: 'bomb', weight: 0.5 }]],
]);

describe('synonym file', () => {
  it('writes one sorted line per stem, a column per weight, and reads it back', () => {
    const text = formatSynonymFile(table);
    expect(text).toBe(
      `${SYNONYM_FILE_MAGIC} 1 1 0.5 0.25\na-bomb\t\tbomb\ncar\tautomobil auto\t\tvehicl\nzebra\t\tequin\n`,
    );
    const parsed = parseSynonymFile(text);
    for (const [stem, related] of table) expect(parsed.get(stem)).toEqual(related);
    expect(parsed.get('bus')).toBeUndefined();
    expect(parsed.has('zebra')).toBe(true);
    expect(new Map(parsed)).toEqual(table);
  });

  it('refuses a file of another format', () => {
    expect(() => parseSynonymFile('car\tautomobil\n')).toThrow(/not a version 1 synonym file/);
  });

  it('ships a compact, sorted table that the ranker reads in one go', () => {
    expect(statSync(SYNONYM_FILE).size).toBeLessThan(4_000_000);
    const lines = readFileSync(SYNONYM_FILE, 'utf8').split('\n');
    expect(lines[0]).toBe(`${SYNONYM_FILE_MAGIC} 1 1 0.5 0.25`);
    expect(lines.at(-1)).toBe('');
    const stems = lines.slice(1, -1).map((line) => line.split('\t')[0] as string);
    expect(stems.length).toBeGreaterThan(40_000);
    expect(stems.every((stem, index) => index === 0 || (stems[index - 1] as string) < stem)).toBe(
      true,
    );
    const synonyms = loadSynonyms();
    expect(loadSynonyms()).toBe(synonyms);
    expect(synonyms.get('car')?.map((related) => related.term)).toContain('automobil');
    expect(synonyms.get('car')?.[0]?.weight).toBe(1);
  });
});
