import { describe, expect, it } from 'vitest';
import { SkillsetError } from './skillset-error.ts';

describe('SkillsetError', () => {
  it('keeps its code, message, details and cause', () => {
    const cause = new Error('disk full');
    const error = new SkillsetError({
      code: 'skill_file_unreadable',
      message: 'Cannot read SKILL.md.',
      details: { path: 'pdf/SKILL.md' },
      cause,
    });
    expect(error).toMatchObject({
      name: 'SkillsetError',
      code: 'skill_file_unreadable',
      message: 'Cannot read SKILL.md.',
      details: { path: 'pdf/SKILL.md' },
      cause,
    });
  });

  it('accepts only the codes of its union: core’s by default, or the one it is given', () => {
    // @ts-expect-error a misspelt code does not compile
    const misspelt = new SkillsetError({ code: 'skill_not_fuond', message: 'No skill.' });
    // @ts-expect-error another package's code needs that package's union
    const foreign = new SkillsetError({ code: 'last_owner', message: 'Last owner.' });
    const extended = new SkillsetError<'last_owner'>({
      code: 'last_owner',
      message: 'Last owner.',
    });
    expect([misspelt.code, foreign.code, extended.code]).toEqual([
      'skill_not_fuond',
      'last_owner',
      'last_owner',
    ]);
  });

  it('is recognised by isInstance when another copy of the package created it', () => {
    const copy = Object.assign(new Error('Elsewhere.'), {
      [Symbol.for('skillset.error')]: true,
      code: 'skill_not_found',
    });
    expect(SkillsetError.isInstance(copy)).toBe(true);
    expect(SkillsetError.isInstance(new Error('Plain.'))).toBe(false);
    expect(SkillsetError.isInstance('skill_not_found')).toBe(false);
  });
});
