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

  it('flags two descriptions a router cannot tell apart, with the pair and a distinction', () => {
    const findings = findCollisions({
      skills: [
        {
          name: 'pdf-fill',
          description: 'Fill in PDF forms with values from the user, then save the filled PDF.',
        },
        {
          name: 'pdf-forms',
          description: "Complete PDF forms by filling fields with the user's values.",
        },
        { name: 'pdf-merge', description: 'Merge several PDF files into one document.' },
        { name: 'deploy', description: 'Deploy the web app to staging or production.' },
      ],
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'description_collision',
      related: [expect.stringMatching(/^pdf-f/)],
      message: expect.stringMatching(/\d+% alike/),
      fix: expect.stringContaining('it alone mentions'),
    });
    expect([findings[0]?.skill, ...(findings[0]?.related ?? [])].sort()).toEqual([
      'pdf-fill',
      'pdf-forms',
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
