import { describe, expect, it } from 'vitest';
import { rankSkillNames } from './rank-skill-names.ts';

const options = ['a-notes', 'deploy-app', 'notes', 'notes-sync', 'release-notes'].map((name) => ({
  value: name,
  label: name,
}));

/** The names offered for what was typed. */
function offered(search: string, limit = 20): string[] {
  return rankSkillNames({ options, search, limit }).map((option) =>
    'value' in option ? option.value : 'a group',
  );
}

describe('rankSkillNames', () => {
  it('puts the exact name first, then the names that start with what was typed', () => {
    expect(offered('notes')).toEqual(['notes', 'notes-sync', 'a-notes', 'release-notes']);
    expect(offered(' Notes-')).toEqual(['notes-sync']);
  });

  it('offers every name, in order, up to the limit when nothing is typed', () => {
    expect(offered('', 2)).toEqual(['a-notes', 'deploy-app']);
    expect(offered('zzz')).toEqual([]);
  });
});
