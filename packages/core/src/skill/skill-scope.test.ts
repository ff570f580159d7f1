import { describe, expect, it } from 'vitest';
import { compareScopes } from './skill-scope.ts';

describe('compareScopes', () => {
  it('ranks project above personal above builtin', () => {
    expect(compareScopes('project', 'personal')).toBeGreaterThan(0);
    expect(compareScopes('builtin', 'personal')).toBeLessThan(0);
    expect(compareScopes('workspace', 'workspace')).toBe(0);
  });
});
