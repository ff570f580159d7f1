import { describe, expect, it } from 'vitest';
import { explainSkillMatch } from './explain-skill-match.ts';

describe('explainSkillMatch', () => {
  it('names the fields and the skill’s words that met the query, stemmed', () => {
    expect(
      explainSkillMatch('make a changelog from merged requests', {
        name: 'release-notes',
        description:
          'Write release notes from merged pull requests. Use when the user asks for a changelog.',
        tags: ['docs'],
      }),
    ).toEqual([{ field: 'description', words: ['merged', 'requests', 'changelog'] }]);
  });

  it('says nothing for a skill the query does not meet', () => {
    expect(
      explainSkillMatch('fill a pdf form', { name: 'release-notes', description: 'Notes.' }),
    ).toEqual([]);
  });
});
