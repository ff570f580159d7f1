import { describe, expect, it } from 'vitest';
import { closestNames } from './closest-names.ts';

describe('closestNames', () => {
  const names = ['pdf', 'docx', 'pptx', 'xlsx', 'brand-guidelines', 'webapp-testing'];

  it('suggests names within a small edit distance, best first', () => {
    expect(closestNames('pfd', names)).toEqual(['pdf']);
    expect(closestNames('brand-guideline', names)).toEqual(['brand-guidelines']);
  });

  it('suggests names that contain what was typed', () => {
    expect(closestNames('webapp', names)).toEqual(['webapp-testing']);
  });

  it('suggests nothing when no name is close', () => {
    expect(closestNames('kubernetes', names)).toEqual([]);
  });
});
