import { describe, expect, it } from 'vitest';
import { readUsagePeriod } from './usage-period.ts';

describe('readUsagePeriod', () => {
  it('reads the offered periods and falls back to 30 days for anything else', () => {
    expect(readUsagePeriod('7')).toBe(7);
    expect(readUsagePeriod('90')).toBe(90);
    expect(readUsagePeriod(null)).toBe(30);
    expect(readUsagePeriod('365')).toBe(30);
    expect(readUsagePeriod('abc')).toBe(30);
  });
});
