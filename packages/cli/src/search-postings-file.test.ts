import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InvertedIndex } from '@skillset/core';
import { buildInvertedIndex, createTempDir, DEFAULT_INDEX_SETTINGS } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { readSearchPostingsFile, writeSearchPostingsFile } from './search-postings-file.ts';

const skills = [
  { name: 'pdf-forms', description: 'Fill PDF forms.', body: 'Use pdftk to fill fields.' },
  { name: 'déploiement', description: 'Déployer sur Kubernetes — naïve café.', tags: ['ops'] },
  { name: 'empty', description: '' },
];

const plain = (postings: InvertedIndex['postings']) =>
  [...postings].map(([term, { documents, impacts }]) => [term, [...documents], [...impacts]]);

describe('search postings file', () => {
  it('reads back exactly the postings it wrote, for the same fingerprint only', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'cache', 'search.postings');
    const { postings } = buildInvertedIndex(skills, DEFAULT_INDEX_SETTINGS);
    expect(postings.size).toBeGreaterThan(5);
    writeSearchPostingsFile({ file, fingerprint: 'abc', postings });
    const read = readSearchPostingsFile({ file, fingerprint: 'abc' });
    expect(read).toBeDefined();
    expect(plain(read?.postings as InvertedIndex['postings'])).toEqual(plain(postings));
    expect(read?.embedded).toBeUndefined();
    expect(readSearchPostingsFile({ file, fingerprint: 'abd' })).toBeUndefined();
  });

  it('reads back the embedding it wrote beside the postings', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'search.postings');
    const { postings } = buildInvertedIndex(skills, DEFAULT_INDEX_SETTINGS);
    const embedded = {
      mean: Float32Array.from([0.25, -1.5, 3e-8]),
      matrix: Float32Array.from([1, 0, 0, 0, 0.5, -0.5, 0, 0, 0]),
    };
    writeSearchPostingsFile({ file, fingerprint: 'abc', postings, embedded });
    const read = readSearchPostingsFile({ file, fingerprint: 'abc' });
    expect(read?.embedded).toEqual(embedded);
    expect(plain(read?.postings as InvertedIndex['postings'])).toEqual(plain(postings));
  });

  it('round-trips an empty skill set', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'search.postings');
    writeSearchPostingsFile({ file, fingerprint: 'none', postings: new Map() });
    expect(readSearchPostingsFile({ file, fingerprint: 'none' })?.postings.size).toBe(0);
  });

  it('ignores a missing, truncated or padded file instead of trusting it', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'search.postings');
    expect(readSearchPostingsFile({ file, fingerprint: 'abc' })).toBeUndefined();
    const { postings } = buildInvertedIndex(skills, DEFAULT_INDEX_SETTINGS);
    writeSearchPostingsFile({ file, fingerprint: 'abc', postings });
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    expect(readSearchPostingsFile({ file, fingerprint: 'abc' })).toBeUndefined();
    writeFileSync(file, Buffer.concat([bytes, Buffer.from('x')]));
    expect(readSearchPostingsFile({ file, fingerprint: 'abc' })).toBeUndefined();
    writeFileSync(file, 'not a postings file at all');
    expect(readSearchPostingsFile({ file, fingerprint: 'abc' })).toBeUndefined();
  });
});
