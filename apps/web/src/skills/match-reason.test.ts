import { describe, expect, it } from 'vitest';
import { matchReason } from './match-reason.ts';

describe('matchReason', () => {
  it('says which words matched where, and nothing without a match', () => {
    expect(
      matchReason([
        { field: 'name', words: ['release'] },
        { field: 'description', words: ['changelog', 'notes'] },
      ]),
    ).toBe('Matched “release” in the name; “changelog”, “notes” in the description');
    expect(matchReason(undefined)).toBeUndefined();
    expect(matchReason([])).toBeUndefined();
  });
});
