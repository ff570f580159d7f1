import { describe, expect, it } from 'vitest';
import { shareDelta } from './eval-delta.ts';

describe('shareDelta', () => {
  it('says how many points a share moved, and which way', () => {
    expect(shareDelta(0.5, 0.75)).toEqual({
      before: '50%',
      after: '75%',
      change: '+25 points',
      direction: 'up',
    });
    expect(shareDelta(1, 0.99)).toMatchObject({ change: '−1 point', direction: 'down' });
    expect(shareDelta(0.5, 0.5)).toMatchObject({ change: 'no change', direction: 'same' });
  });

  it('shows a dash and no change where a side was not measured', () => {
    expect(shareDelta(undefined, 0.5)).toEqual({
      before: '—',
      after: '50%',
      change: '',
      direction: 'unknown',
    });
    expect(shareDelta(0.5, null)).toMatchObject({ after: '—', direction: 'unknown' });
  });
});
