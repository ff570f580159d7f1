import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time-ago.ts';

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const before = (milliseconds: number) =>
    formatTimeAgo(new Date(now.getTime() - milliseconds), now);

  it('says the largest whole unit that has passed', () => {
    expect(before(10_000)).toBe('just now');
    expect(before(5 * 60_000)).toBe('5 minutes ago');
    expect(before(3 * 3_600_000)).toBe('3 hours ago');
    expect(before(26 * 3_600_000)).toBe('yesterday');
    expect(before(400 * 86_400_000)).toBe('last year');
  });

  it('treats a moment in the future (a clock ahead) as just now', () => {
    expect(before(-60_000)).toBe('just now');
  });
});
