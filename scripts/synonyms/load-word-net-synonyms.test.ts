import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatSynonymFile, SYNONYM_FILE } from '@skillset/core/node';
import { describe, expect, it } from 'vitest';
import { loadWordNetSynonyms } from './load-word-net-synonyms.ts';

async function createDictionary(): Promise<AsyncDisposable & { directory: string }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'wordnet-'));
  const files: Record<string, string> = {
    'index.noun': [
      '  1 license header line',
      'car n 2 1 @ 2 1 00000001 00000003  ',
      'automobile n 1 1 @ 1 1 00000001  ',
      'vehicle n 1 0 1 0 00000002  ',
      'cable_car n 1 0 1 0 00000003  ',
    ].join('\n'),
    'data.noun': [
      '  1 license header line',
      '00000001 06 n 02 car 0 automobile 0 001 @ 00000002 n 0000 | a motor vehicle',
      '00000002 06 n 01 vehicle 0 000 | a conveyance',
      '00000003 06 n 02 car 1 cable_car 0 000 | a cabin',
    ].join('\n'),
  };
  for (const partOfSpeech of ['verb', 'adj', 'adv']) {
    files[`index.${partOfSpeech}`] = '';
    files[`data.${partOfSpeech}`] = '';
  }
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(directory, name), text);
  }
  return {
    directory,
    [Symbol.asyncDispose]: () => rm(directory, { recursive: true, force: true }),
  };
}

describe('loadWordNetSynonyms', () => {
  it('maps stems to synonyms of their most frequent senses and hypernyms with lower weights', async () => {
    await using dictionary = await createDictionary();
    const table = loadWordNetSynonyms({ dictionaryDirectory: dictionary.directory });
    expect(table.get('car')).toEqual([
      { term: 'automobil', weight: 1 },
      { term: 'vehicl', weight: 0.5 },
    ]);
    expect(table.get('automobil')).toEqual([
      { term: 'car', weight: 1 },
      { term: 'vehicl', weight: 0.5 },
    ]);
  });

  it('limits senses and turns related words off', async () => {
    await using dictionary = await createDictionary();
    const table = loadWordNetSynonyms({
      dictionaryDirectory: dictionary.directory,
      maximumSenses: 1,
      relatedWeight: 0,
    });
    expect(table.get('car')).toEqual([{ term: 'automobil', weight: 1 }]);
  });

  it('generates exactly the synonym file @skillset/core ships (npm run build:synonyms)', () => {
    const table = loadWordNetSynonyms();
    expect(table.size).toBeGreaterThan(30_000);
    expect(table.get('car')?.map((related) => related.term)).toContain('automobil');
    expect(formatSynonymFile(table) === readFileSync(SYNONYM_FILE, 'utf8')).toBe(true);
  });
});
