import { describe, expect, it } from 'vitest';
import { SKILL_ISSUE_CODES } from '../format/issue-codes.ts';
import { PACKAGE_ISSUE_CODES } from '../package/package-issue-codes.ts';
import { SOURCE_ISSUE_CODES } from '../source/source-issue-codes.ts';
import type { SkillIssue } from './skill-issue.ts';

describe('SkillIssue', () => {
  it('takes only the codes core emits, so a misspelt code is a compile error (npm run typecheck)', () => {
    const issue: SkillIssue = { code: 'name_too_long', severity: 'error', message: 'too long' };
    // @ts-expect-error 'nmae_too_long' is not a code core emits.
    const typo: SkillIssue = { code: 'nmae_too_long', severity: 'error', message: 'too long' };
    expect(JSON.stringify(issue)).toBe(
      '{"code":"name_too_long","severity":"error","message":"too long"}',
    );
    expect(typo.code).toBe('nmae_too_long');
  });

  it('lists each code once, as a snake_case identifier', () => {
    for (const codes of [SKILL_ISSUE_CODES, PACKAGE_ISSUE_CODES, SOURCE_ISSUE_CODES]) {
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });
});
