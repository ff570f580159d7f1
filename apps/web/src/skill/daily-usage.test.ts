import { describe, expect, it } from 'vitest';
import { dailyUsage } from './daily-usage.ts';

describe('dailyUsage', () => {
  it('sums the triggers of a day and fills the days without uses with zero', () => {
    const counts = [
      { skill: 'lint', day: '2026-11-02', trigger: 'user', count: 2 },
      { skill: 'lint', day: '2026-11-02', trigger: 'agent', count: 3 },
      { skill: 'lint', day: '2026-11-04', trigger: 'model', count: 1 },
    ];
    expect(dailyUsage(counts, '2026-11-04T12:00:00.000Z', 4)).toEqual([
      { day: '2026-11-01', count: 0 },
      { day: '2026-11-02', count: 5 },
      { day: '2026-11-03', count: 0 },
      { day: '2026-11-04', count: 1 },
    ]);
  });

  it('covers thirty days by default, ending today', () => {
    const days = dailyUsage([], '2026-11-24T13:00:00.000Z');
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2026-10-26');
    expect(days.at(-1)?.day).toBe('2026-11-24');
  });
});
