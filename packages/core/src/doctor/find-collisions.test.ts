import { describe, expect, it } from 'vitest';
import { findCollisions } from './find-collisions.ts';

describe('findCollisions', () => {
  it('reports a pair once when one description ranks the other skill first or level', () => {
    const findings = findCollisions({
      skills: [
        {
          name: 'csv-cleaner',
          description: 'Clean messy CSV files: fix delimiters and encodings.',
        },
        { name: 'csv-fixer', description: 'Clean messy CSV files: fix delimiters and encodings.' },
        { name: 'haiku', description: 'Writes a haiku about the weather in a given city.' },
      ],
    });
    expect(findings.map((finding) => [finding.skill, finding.related])).toEqual([
      ['csv-cleaner', ['csv-fixer']],
    ]);
  });

  it('finds nothing among distinct descriptions', () => {
    expect(
      findCollisions({
        skills: [
          { name: 'pdf-forms', description: 'Fill in PDF forms and extract their fields.' },
          { name: 'deploy', description: 'Deploy the web app to staging or production.' },
        ],
      }),
    ).toEqual([]);
  });
});
