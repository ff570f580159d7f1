import { describe, expect, it } from 'vitest';
import { describeFailure } from './describe-failure.ts';

describe('describeFailure', () => {
  it('says a known code in words and an unknown one as it is', () => {
    expect(describeFailure('missing_argument')).toBe('A required argument was missing');
    expect(describeFailure('permission_denied')).toBe('The policy refused it');
    expect(describeFailure('unknown_skill')).toBe('No skill by that name');
    expect(describeFailure('rate_limited')).toBe('rate limited');
  });
});
