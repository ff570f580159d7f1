import { describe, expect, it } from 'vitest';
import { completeSkillNames } from './complete-skill-names.ts';

const names = ['deploy', 'design-review', 'haiku'];

describe('completeSkillNames', () => {
  it('completes a leading /name to skills and chat commands, case-insensitively', () => {
    expect(completeSkillNames('/de', names)).toEqual([['/deploy', '/design-review'], '/de']);
    expect(completeSkillNames('/S', names)).toEqual([['/skills'], '/S']);
    expect(completeSkillNames('/', names)[0]).toEqual([
      '/deploy',
      '/design-review',
      '/haiku',
      '/skills',
    ]);
  });

  it('completes $name to skills only', () => {
    expect(completeSkillNames('$h', names)).toEqual([['$haiku'], '$h']);
    expect(completeSkillNames('$s', names)).toEqual([[], '$s']);
  });

  it('completes nothing after the name or in plain text', () => {
    expect(completeSkillNames('/deploy sta', names)).toEqual([[], '/deploy sta']);
    expect(completeSkillNames('deploy', names)).toEqual([[], 'deploy']);
  });
});
