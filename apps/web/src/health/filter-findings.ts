import type { PlacedFinding, Severity } from './group-findings.ts';

/** What the Health page narrows its findings to; empty values keep everything. */
export interface FindingFilter {
  severity: Severity | 'all';
  code: string | null;
  /** Part of a skill's name, in any case. */
  skill: string;
}

/** The filter that keeps every finding. */
export const NO_FILTER: FindingFilter = { severity: 'all', code: null, skill: '' };

/** Whether the filter narrows anything. */
export function isFiltering(filter: FindingFilter): boolean {
  return filter.severity !== 'all' || filter.code !== null || filter.skill.trim() !== '';
}

/** The findings the filter keeps; a finding on the whole set has no skill name to match. */
export function filterFindings(findings: PlacedFinding[], filter: FindingFilter): PlacedFinding[] {
  const skill = filter.skill.trim().toLowerCase();
  return findings.filter(
    (finding) =>
      (filter.severity === 'all' || finding.severity === filter.severity) &&
      (filter.code === null || finding.code === filter.code) &&
      (skill === '' || (finding.skill ?? '').toLowerCase().includes(skill)),
  );
}
