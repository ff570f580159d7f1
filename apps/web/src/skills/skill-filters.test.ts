import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  readSkillFilters,
  skillListQuery,
  writeSkillFilters,
} from './skill-filters.ts';

describe('readSkillFilters', () => {
  it('reads every filter and ignores malformed values', () => {
    const filters = readSkillFilters(
      new URLSearchParams(
        'q=pdf&scope=workspace&enabled=false&eligible=maybe&userInvocable=true&tag=%20docs%20&page=3',
      ),
    );
    expect(filters).toEqual({
      q: 'pdf',
      scope: 'workspace',
      enabled: false,
      userInvocable: true,
      tag: 'docs',
      page: 3,
    });
    expect(readSkillFilters(new URLSearchParams('scope=everyone&page=-2'))).toEqual({
      q: '',
      page: 1,
    });
  });

  it('round-trips through writeSkillFilters, leaving out what is not set', () => {
    const text = 'q=pdf&scope=builtin&modelInvocable=false&category=meta&page=2';
    expect(writeSkillFilters(readSkillFilters(new URLSearchParams(text))).toString()).toBe(text);
    expect(writeSkillFilters({ q: '  ', page: 1 }).toString()).toBe('');
  });
});

describe('skillListQuery', () => {
  it('turns the page into limit and offset and trims the search', () => {
    expect(skillListQuery({ q: ' pdf ', eligible: true, page: 3 })).toEqual({
      limit: 50,
      offset: 100,
      q: 'pdf',
      eligible: 'true',
    });
  });
});

describe('countActiveFilters', () => {
  it('counts the filters but not the search text or the page', () => {
    expect(countActiveFilters({ q: 'x', page: 4 })).toBe(0);
    expect(countActiveFilters({ q: '', scope: 'public', enabled: false, tag: 'a', page: 1 })).toBe(
      3,
    );
  });
});
