import { describe, expect, it } from 'vitest';
import { isGlobPattern, matchesPattern } from './match-pattern.ts';

describe('matchesPattern', () => {
  it('matches exact names case-insensitively', () => {
    expect(matchesPattern('Deploy', 'deploy')).toBe(true);
    expect(matchesPattern('deploy', 'deploy-prod')).toBe(false);
  });

  it('matches * as any run of characters, including none', () => {
    expect(matchesPattern('deploy-*', 'deploy-prod')).toBe(true);
    expect(matchesPattern('deploy-*', 'deploy-')).toBe(true);
    expect(matchesPattern('*', 'anything')).toBe(true);
    expect(matchesPattern('deploy-*', 'redeploy-prod')).toBe(false);
  });

  it('matches ? as exactly one character', () => {
    expect(matchesPattern('pdf-v?', 'pdf-v2')).toBe(true);
    expect(matchesPattern('pdf-v?', 'pdf-v')).toBe(false);
    expect(matchesPattern('pdf-v?', 'pdf-v10')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(matchesPattern('a.b*', 'a.bc')).toBe(true);
    expect(matchesPattern('a.b*', 'axbc')).toBe(false);
    expect(matchesPattern('(x)+?', '(x)+!')).toBe(true);
  });
});

describe('isGlobPattern', () => {
  it('tells globs from exact names', () => {
    expect(isGlobPattern('pdf-*')).toBe(true);
    expect(isGlobPattern('pdf-?')).toBe(true);
    expect(isGlobPattern('pdf')).toBe(false);
  });
});
