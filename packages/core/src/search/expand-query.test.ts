import { describe, expect, it } from 'vitest';
import { expandQuery } from './expand-query.ts';
import type { SynonymTable } from './synonym-table.ts';

const synonyms: SynonymTable = new Map([
  [
    'make',
    [
      { term: 'brand', weight: 1 },
      { term: 'build', weight: 0.5 },
    ],
  ],
  [
    'us',
    [
      { term: 'util', weight: 1 },
      { term: 'employ', weight: 1 },
    ],
  ],
  [
    'creat',
    [
      { term: 'make', weight: 1 },
      { term: 'generat', weight: 1 },
    ],
  ],
]);
const known = () => true;

describe('expandQuery', () => {
  it('matches a generic verb as written but never expands it', () => {
    expect(expandQuery('make a changelog', synonyms, 0.4, known)).toEqual(
      new Map([
        ['make', 1],
        ['changelog', 1],
      ]),
    );
    expect(expandQuery('use the api', synonyms, 0.4, known)).toEqual(
      new Map([
        ['us', 1],
        ['api', 1],
      ]),
    );
  });

  it('never expands a word into a generic verb', () => {
    expect(expandQuery('create reports', synonyms, 0.4, known)).toEqual(
      new Map([
        ['creat', 1],
        ['report', 1],
        ['generat', 0.4],
      ]),
    );
  });
});
