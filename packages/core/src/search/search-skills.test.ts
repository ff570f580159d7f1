import { describe, expect, it } from 'vitest';
import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillIndex } from './create-skill-index.ts';
import { searchSkills } from './search-skills.ts';

const skills: CatalogSkill[] = [
  { name: 'pdf-tools', description: 'Extract text from PDF files.' },
  { name: 'git-commit', description: 'Write commit messages.' },
];

describe('searchSkills', () => {
  it('ranks the given skills', () => {
    expect(searchSkills('extract pdf text', { skills })).toEqual([
      { name: 'pdf-tools', score: expect.any(Number), description: 'Extract text from PDF files.' },
    ]);
  });

  it('uses a prebuilt index and honours the limit', () => {
    const index = createSkillIndex(skills);
    expect(searchSkills('pdf commit', { index, limit: 1 })).toHaveLength(1);
  });

  it('returns nothing without skills', () => {
    expect(searchSkills('pdf', {})).toEqual([]);
  });
});
