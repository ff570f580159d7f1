import { describe, expect, it } from 'vitest';
import { filterFindings, isFiltering, NO_FILTER } from './filter-findings.ts';
import type { PlacedFinding } from './group-findings.ts';

const findings: PlacedFinding[] = [
  {
    code: 'invalid_skill',
    severity: 'error',
    category: 'format',
    skill: 'Pdf-Tools',
    message: '',
    fix: '',
  },
  {
    code: 'hidden_characters',
    severity: 'warning',
    category: 'content',
    skill: 'notes',
    message: '',
    fix: '',
  },
  { code: 'budget_skills_omitted', severity: 'warning', category: 'budget', message: '', fix: '' },
];

function codes(kept: PlacedFinding[]): string[] {
  return kept.map((finding) => finding.code);
}

describe('filterFindings', () => {
  it('keeps everything without a filter', () => {
    expect(filterFindings(findings, NO_FILTER)).toEqual(findings);
    expect(isFiltering(NO_FILTER)).toBe(false);
  });

  it('narrows by severity, by code and by part of a skill’s name in any case', () => {
    expect(codes(filterFindings(findings, { ...NO_FILTER, severity: 'warning' }))).toEqual([
      'hidden_characters',
      'budget_skills_omitted',
    ]);
    expect(codes(filterFindings(findings, { ...NO_FILTER, code: 'invalid_skill' }))).toEqual([
      'invalid_skill',
    ]);
    expect(codes(filterFindings(findings, { ...NO_FILTER, skill: ' pdf ' }))).toEqual([
      'invalid_skill',
    ]);
    expect(isFiltering({ ...NO_FILTER, skill: 'pdf' })).toBe(true);
  });

  it('keeps nothing when the filters exclude each other', () => {
    expect(
      filterFindings(findings, { severity: 'error', code: 'hidden_characters', skill: '' }),
    ).toEqual([]);
  });
});
