import { describe, expect, it } from 'vitest';
import type { CatalogSkill } from './catalog-skill.ts';
import { countTokens } from './count-tokens.ts';
import { renderCatalog } from './render-catalog.ts';

const skills: CatalogSkill[] = [
  { name: 'pdf-tools', description: 'Extract text & tables from PDF files; fill <form> fields.' },
  { name: 'git-commit', description: 'Write conventional commit messages from the staged diff.' },
  {
    name: 'docker-build',
    description: 'Build small container images with multi-stage Dockerfiles.',
    body: 'Separate the build stage from the runtime stage to slim the final image.',
  },
];

describe('renderCatalog', () => {
  it('renders an empty catalog as an empty string', () => {
    expect(renderCatalog({ skills: [], budget: 2000 })).toEqual({
      text: '',
      entries: [],
      omitted: 0,
      tokens: 0,
    });
  });

  it('renders a Markdown list in name order in stable mode', () => {
    const result = renderCatalog({ skills, budget: 2000, format: 'markdown', mode: 'stable' });
    expect(result.text).toMatchInlineSnapshot(`
      "- docker-build: Build small container images with multi-stage Dockerfiles.
      - git-commit: Write conventional commit messages from the staged diff.
      - pdf-tools: Extract text & tables from PDF files; fill <form> fields.
      "
    `);
    expect(result.omitted).toBe(0);
    expect(result.tokens).toBe(countTokens(result.text));
  });

  it('renders the spec XML with escaped text', () => {
    const result = renderCatalog({ skills, budget: 2000, format: 'xml' });
    expect(result.text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>docker-build</name>
      <description>Build small container images with multi-stage Dockerfiles.</description>
      </skill>
      <skill>
      <name>git-commit</name>
      <description>Write conventional commit messages from the staged diff.</description>
      </skill>
      <skill>
      <name>pdf-tools</name>
      <description>Extract text &amp; tables from PDF files; fill &lt;form&gt; fields.</description>
      </skill>
      </available_skills>
      "
    `);
    expect(result.tokens).toBe(countTokens(result.text));
  });

  it('adds a location element in XML when the skill has one', () => {
    const result = renderCatalog({
      skills: [{ name: 'a', description: 'Does a.', location: '/skills/a/SKILL.md' }],
      format: 'xml',
    });
    expect(result.text).toContain('<location>/skills/a/SKILL.md</location>');
  });

  it('orders entries by relevance to the query in ranked mode', () => {
    const result = renderCatalog({
      skills,
      budget: 2000,
      mode: 'ranked',
      query: 'slim down the runtime image of my service',
    });
    expect(result.entries.map((entry) => entry.name)).toEqual([
      'docker-build',
      'git-commit',
      'pdf-tools',
    ]);
  });

  it('falls back to name order in ranked mode without a query', () => {
    const result = renderCatalog({ skills, mode: 'ranked' });
    expect(result.entries.map((entry) => entry.name)).toEqual([
      'docker-build',
      'git-commit',
      'pdf-tools',
    ]);
  });

  it('follows a precomputed ranking by name', () => {
    const result = renderCatalog({
      skills,
      mode: 'ranked',
      rankedNames: ['pdf-tools', 'unknown', 'git-commit'],
    });
    expect(result.entries.map((entry) => entry.name)).toEqual([
      'pdf-tools',
      'git-commit',
      'docker-build',
    ]);
  });

  it('drops descriptions from the lowest-ranked first and keeps every name when over budget', () => {
    const full = renderCatalog({ skills, budget: 2000 });
    const result = renderCatalog({ skills, budget: full.tokens - 5 });
    expect(result.text).toMatchInlineSnapshot(`
      "- docker-build: Build small container images with multi-stage Dockerfiles.
      - git-commit
      - pdf-tools
      "
    `);
    expect(result.entries).toEqual([
      { name: 'docker-build', description: expect.any(String) },
      { name: 'git-commit' },
      { name: 'pdf-tools' },
    ]);
    expect(result.tokens).toBeLessThanOrEqual(full.tokens - 5);
  });

  it('omits names that do not fit and says how many with a search_skills hint', () => {
    const result = renderCatalog({ skills, budget: 45, format: 'xml' });
    expect(result.text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>docker-build</name>
      </skill>
      </available_skills>
      2 more skills are not listed here; call the search_skills tool to find them.
      "
    `);
    expect(result.omitted).toBe(2);
    expect(result.tokens).toBeLessThanOrEqual(45);
  });

  it('renders only the hint when not even one name fits', () => {
    const result = renderCatalog({ skills, budget: 24, format: 'xml' });
    expect(result.text).toMatchInlineSnapshot(`
      "3 more skills are not listed here; call the search_skills tool to find them.
      "
    `);
    expect(result.entries).toEqual([]);
    expect(result.omitted).toBe(3);
    expect(renderCatalog({ skills, budget: 5 }).text).toBe('');
  });

  it('does not stop at the first entry that does not fit', () => {
    const longName = 'qwertyuiopasdfghjklzxcvbnm'.split('').join('-');
    const result = renderCatalog({
      skills: [
        { name: 'aaa', description: 'First.' },
        { name: 'bbb', description: 'Second.' },
        { name: longName, description: 'Long.' },
        { name: 'zzz', description: 'Last.' },
      ],
      budget: 40,
      mode: 'ranked',
      rankedNames: ['aaa', longName, 'bbb', 'zzz'],
    });
    expect(result.entries.map((entry) => entry.name)).toContain('zzz');
    expect(result.entries.map((entry) => entry.name)).not.toContain(longName);
    expect(result.omitted).toBe(1);
  });

  it('reports exact token counts and stays within every budget', () => {
    const many: CatalogSkill[] = Array.from({ length: 60 }, (_, position) => ({
      name: `skill-${position}`,
      description: `Handles task number ${position} with care, including <edge> cases & "quotes".`,
    }));
    for (const format of ['markdown', 'xml'] as const) {
      for (let budget = 0; budget <= 1500; budget += 37) {
        const result = renderCatalog({ skills: many, budget, format });
        expect(result.tokens).toBe(countTokens(result.text));
        expect(result.tokens).toBeLessThanOrEqual(budget);
        expect(result.entries.length + result.omitted).toBe(many.length);
      }
    }
  });

  it('caps each description at 1,024 characters and keeps it on one line', () => {
    const result = renderCatalog({
      skills: [{ name: 'long', description: `first line\n\n${'word '.repeat(400)}` }],
      budget: 5000,
    });
    const description = result.entries[0]?.description ?? '';
    expect(description.length).toBe(1024);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toContain('\n');
  });

  it('limits the number of entries when asked', () => {
    const result = renderCatalog({ skills, maximumEntries: 1 });
    expect(result.entries).toHaveLength(1);
    expect(result.omitted).toBe(2);
  });

  describe('ranked tiers', () => {
    const many: CatalogSkill[] = Array.from({ length: 600 }, (_, position) => ({
      name: `skill-${String(position).padStart(3, '0')}`,
      description: `Handles task number ${position} carefully, with a long description of when to use it.`,
    }));
    const ranking = many.map((skill) => skill.name).reverse();

    it('keeps the descriptions of the top-ranked skills, then names, then a count', () => {
      const result = renderCatalog({
        skills: many,
        budget: 2000,
        mode: 'ranked',
        rankedNames: ranking,
        describedEntries: 5,
      });
      const described = result.entries.filter((entry) => entry.description !== undefined);
      expect(described.map((entry) => entry.name)).toEqual(ranking.slice(0, 5));
      expect(result.entries.slice(0, 5)).toEqual(described);
      expect(result.entries.length).toBeGreaterThan(5);
      expect(result.omitted).toBeGreaterThan(0);
      expect(result.text).toContain('call the search_skills tool');
      expect(result.tokens).toBeLessThanOrEqual(2000);
    });

    it('keeps a pinned skill described wherever it ranks', () => {
      const pinned = ranking.at(-1) as string;
      const result = renderCatalog({
        skills: many,
        budget: 2000,
        mode: 'ranked',
        rankedNames: ranking,
        describedEntries: 3,
        pinned: [pinned],
      });
      const entry = result.entries.find((each) => each.name === pinned);
      expect(entry?.description).toContain('task number 0');
      const described = result.entries.filter((each) => each.description !== undefined);
      expect(described).toHaveLength(4);
    });

    it('describes the top hits of a query over the whole set', () => {
      const result = renderCatalog({
        skills: [...many, { name: 'pdf-forms', description: 'Fill in PDF forms.' }],
        budget: 2000,
        mode: 'ranked',
        query: 'fill a pdf form',
      });
      expect(result.entries[0]).toEqual({ name: 'pdf-forms', description: 'Fill in PDF forms.' });
    });

    it('is not tiered in stable mode: descriptions go from the bottom up', () => {
      const result = renderCatalog({ skills: many, budget: 2000, mode: 'stable' });
      expect(result.entries[0]?.name).toBe('skill-000');
      expect(result.entries.every((entry) => entry.description === undefined)).toBe(true);
    });
  });
});
