import { describe, expect, it } from 'vitest';
import { diffLineWords } from './word-diff.ts';

describe('diffLineWords', () => {
  it('marks only the words that changed, on each side', () => {
    expect(diffLineWords('Deploy to staging first.', 'Deploy to production first.')).toEqual({
      before: [
        { text: 'Deploy to ', changed: false },
        { text: 'staging', changed: true },
        { text: ' first.', changed: false },
      ],
      after: [
        { text: 'Deploy to ', changed: false },
        { text: 'production', changed: true },
        { text: ' first.', changed: false },
      ],
    });
  });

  it('marks nothing when the line was rewritten', () => {
    expect(diffLineWords('Run the tests.', 'Ship a release tonight')).toBeUndefined();
    expect(diffLineWords('', '')).toBeUndefined();
  });
});
