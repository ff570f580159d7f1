import { describe, expect, it } from 'vitest';
import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillIndex } from './create-skill-index.ts';
import type { SynonymTable } from './synonym-table.ts';
import { formatWordVectorFile, parseWordVectorFile } from './word-vector-file.ts';

const skills: CatalogSkill[] = [
  { name: 'deploy-to-vercel', description: 'Deploy web apps to Vercel from the command line.' },
  { name: 'csv-cleaner', description: 'Clean and normalise CSV spreadsheets.' },
  {
    name: 'gpu-acceleration',
    description: 'Make numeric Python code faster.',
    body: 'Move NumPy array maths to CuPy so it runs on the graphics processor.',
  },
  {
    name: 'release-notes',
    description: 'Write release notes for a new version.',
    tags: ['changelog'],
  },
];

describe('createSkillIndex', () => {
  it('matches inflected words through stemming', () => {
    const index = createSkillIndex(skills);
    expect(index.search('deploying my apps')[0]?.name).toBe('deploy-to-vercel');
  });

  it('searches the body with a lower weight than the description', () => {
    const index = createSkillIndex(skills);
    expect(index.search('numpy arrays on the graphics processor')[0]?.name).toBe(
      'gpu-acceleration',
    );
  });

  it('searches tags', () => {
    const index = createSkillIndex(skills);
    expect(index.search('update the changelog')[0]?.name).toBe('release-notes');
  });

  it('finds a skill only through an injected synonym', () => {
    const synonyms: SynonymTable = new Map([['tidi', [{ term: 'clean', weight: 1 }]]]);
    expect(createSkillIndex(skills).search('tidy my data')).toEqual([]);
    const hits = createSkillIndex(skills, { synonyms }).search('tidy my data');
    expect(hits.map((hit) => hit.name)).toEqual(['csv-cleaner']);
  });

  it('returns name, score and description, best first, within the limit', () => {
    const hits = createSkillIndex(skills).search('release version deploy', { limit: 1 });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toEqual({
      name: 'release-notes',
      score: expect.any(Number),
      description: 'Write release notes for a new version.',
    });
  });

  it('fills rank() with non-matching skills ordered by usage, then name', () => {
    const withUsage = skills.map((skill) =>
      skill.name === 'release-notes' ? { ...skill, usageCount: 5 } : skill,
    );
    const ranked = createSkillIndex(withUsage).rank('csv', { limit: 4 });
    expect(ranked.map((entry) => entry.skill.name)).toEqual([
      'csv-cleaner',
      'release-notes',
      'deploy-to-vercel',
      'gpu-acceleration',
    ]);
    expect(ranked.slice(1).every((entry) => entry.score === 0)).toBe(true);
  });

  it('breaks exact score ties by usage', () => {
    const twins: CatalogSkill[] = [
      { name: 'alpha-pdf', description: 'PDF tool.' },
      { name: 'beta-pdf', description: 'PDF tool.', usageCount: 3 },
    ];
    expect(
      createSkillIndex(twins)
        .search('pdf tool')
        .map((hit) => hit.name),
    ).toEqual(['beta-pdf', 'alpha-pdf']);
  });

  it('adds terms of the top results with pseudo-relevance feedback', () => {
    const documents: CatalogSkill[] = [
      { name: 'a-one', description: 'kubernetes helm chart deploy' },
      { name: 'a-two', description: 'kubernetes helm chart upgrade' },
      { name: 'b-other', description: 'helm chart values' },
      { name: 'c-unrelated', description: 'poetry writing' },
    ];
    const plain = createSkillIndex(documents).search('kubernetes');
    const expanded = createSkillIndex(documents, {
      feedback: { documents: 2, terms: 5, weight: 0.5 },
    }).search('kubernetes');
    expect(plain.map((hit) => hit.name)).not.toContain('b-other');
    expect(expanded.map((hit) => hit.name)).toContain('b-other');
    expect(expanded.map((hit) => hit.name)).not.toContain('c-unrelated');
  });

  it('returns nothing for a query of only stop words and handles an empty skill set', () => {
    expect(createSkillIndex(skills).search('what is the')).toEqual([]);
    expect(createSkillIndex([]).search('anything')).toEqual([]);
  });
});

describe('createSkillIndex with word vectors', () => {
  const vectors = parseWordVectorFile(
    formatWordVectorFile(
      [
        ['guide', [0, 0, 1]],
        ['car', [1, 0, 0]],
        ['automobile', [0.9, 0.1, 0]],
        ['banana', [0, 1, 0]],
      ],
      3,
    ),
  );
  const guides: CatalogSkill[] = [
    { name: 'banana-guide', description: 'A guide to banana.' },
    { name: 'car-guide', description: 'A guide to car.' },
    { name: 'unrelated', description: 'Nothing in common.' },
  ];

  it('breaks an equal lexical match toward the skill closer in meaning', () => {
    const plain = createSkillIndex(guides).search('automobile guide');
    expect(plain.map((hit) => hit.name)).toEqual(['banana-guide', 'car-guide']);
    const index = createSkillIndex(guides, { wordVectors: vectors });
    expect(index.search('automobile guide').map((hit) => hit.name)).toEqual([
      'car-guide',
      'banana-guide',
    ]);
  });

  it('adds nothing to skills without a lexical match, and nothing at semantic weight 0', () => {
    expect(createSkillIndex(guides, { wordVectors: vectors }).search('automobile')).toEqual([]);
    const off = createSkillIndex(guides, { wordVectors: vectors, semanticWeight: 0 });
    expect(off.search('automobile guide')[0]?.name).toBe('banana-guide');
  });

  it('weighs the common words of a prompt by their English frequency, so chatter does not outrank the request', () => {
    // Rows are frequency ranks: every word listed here is among the commonest; 'kubernetes' is not listed.
    const common = parseWordVectorFile(
      formatWordVectorFile(
        ['thanks', 'question', 'know', 'anything', 'quick', 'advance'].map(
          (word, row) => [word, [1, row, 0]] as [string, number[]],
        ),
        3,
      ),
    );
    const helpers: CatalogSkill[] = [
      {
        name: 'chatty-helper',
        description: 'Answers any quick question; thanks, and know that anything goes.',
      },
      { name: 'helm-charts', description: 'Install kubernetes charts with helm.' },
    ];
    const prompt = 'Hi, quick question, thanks in advance, let me know anything: kubernetes';
    const weighted = createSkillIndex(helpers, { wordVectors: common }).search(prompt);
    expect(weighted.map((hit) => hit.name)).toEqual(['helm-charts', 'chatty-helper']);
    const even = createSkillIndex(helpers, { wordVectors: common, queryWordSmoothing: 0 });
    expect(even.search(prompt)[0]?.name).toBe('chatty-helper');
  });
});

describe('createSkillIndex, precise matches first (docs/decisions/0153)', () => {
  const library: CatalogSkill[] = [
    { name: 'brand-guidelines', description: 'Apply the brand colours and type to documents.' },
    { name: 'github-release', description: 'Release a library version with a changelog.' },
    { name: 'notes-app', description: 'Open the app.' },
    { name: 'meeting-writer', description: 'Minutes, minutes and more minutes of a meeting.' },
    ...['one', 'two', 'three', 'four', 'five'].map((word) => ({
      name: `tool-${word}`,
      description: `Takes notes about ${word}.`,
    })),
  ];
  const synonyms: SynonymTable = new Map([
    ['make', [{ term: 'brand', weight: 1 }]],
    ['note', [{ term: 'minut', weight: 1 }]],
  ]);

  it('does not reach a skill through a synonym of a generic verb', () => {
    const hits = createSkillIndex(library, { synonyms }).search('make a changelog');
    expect(hits.map((hit) => hit.name)).toEqual(['github-release']);
  });

  it('ranks a skill named with the query word above a skill matched only through a synonym', () => {
    const names = createSkillIndex(library, { synonyms })
      .search('notes')
      .map((hit) => hit.name);
    expect(names[0]).toBe('notes-app');
    expect(names.indexOf('meeting-writer')).toBe(names.length - 1);
  });

  it('keeps a synonym-only match whole at synonymOnlyShare 1', () => {
    const names = createSkillIndex(library, { synonyms, synonymOnlyShare: 1 })
      .search('notes')
      .map((hit) => hit.name);
    expect(names[0]).toBe('meeting-writer');
  });
});
