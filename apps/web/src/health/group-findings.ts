import { FINDING_TITLES } from './finding-titles.ts';
import type { ReportScope } from './skill-link-path.ts';
import type { DoctorFinding, DoctorReport } from './use-doctor-report.ts';

/** How serious a finding is. */
export type Severity = DoctorFinding['severity'];
type Code = DoctorFinding['code'];

/** A finding with the scope of its skill, so that it can link to the skill's page. */
export interface PlacedFinding extends DoctorFinding {
  scope?: ReportScope;
}

/** The findings of one code: its title in plain words and how many skills they concern (0 for the set). */
export interface CodeGroup {
  code: Code;
  title: string;
  skills: number;
  findings: PlacedFinding[];
}

/** The findings of one severity, by code. */
export interface SeverityGroup {
  severity: Severity;
  /** `Errors`, `Warnings` or `Suggestions`. */
  title: string;
  count: number;
  codes: CodeGroup[];
}

/** The severities, most serious first, with their titles. */
export const SEVERITIES: ReadonlyArray<{ severity: Severity; title: string }> = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Suggestions' },
];

// The budget section shows these as figures; as findings they only restate them.
const RESTATED = new Set<Code>(['budget_usage']);

/** The report's findings to act on, each skill finding carrying its skill's scope. */
export function placeFindings(report: DoctorReport): PlacedFinding[] {
  return [
    ...report.set.filter((finding) => !RESTATED.has(finding.code)),
    ...report.skills.flatMap((skill) =>
      skill.findings.map((finding) => ({ ...finding, scope: skill.scope })),
    ),
  ];
}

function byPlace(left: PlacedFinding, right: PlacedFinding): number {
  return (
    (left.skill ?? '').localeCompare(right.skill ?? '') ||
    (left.file ?? '').localeCompare(right.file ?? '') ||
    (left.line ?? 0) - (right.line ?? 0)
  );
}

function groupByCode(findings: PlacedFinding[]): CodeGroup[] {
  const byCode = new Map<Code, PlacedFinding[]>();
  for (const finding of findings) {
    const ofCode = byCode.get(finding.code);
    if (ofCode === undefined) byCode.set(finding.code, [finding]);
    else ofCode.push(finding);
  }
  return [...byCode]
    .map(([code, ofCode]) => ({
      code,
      title: FINDING_TITLES[code],
      skills: new Set(ofCode.flatMap((finding) => finding.skill ?? [])).size,
      findings: ofCode.sort(byPlace),
    }))
    .sort(
      (left, right) =>
        right.findings.length - left.findings.length || left.title.localeCompare(right.title),
    );
}

/**
 * Findings grouped by severity (errors first), then by code (the most frequent first), each
 * sorted by skill, file and line. Empty for no findings.
 */
export function groupFindings(findings: PlacedFinding[]): SeverityGroup[] {
  return SEVERITIES.flatMap(({ severity, title }) => {
    const ofSeverity = findings.filter((finding) => finding.severity === severity);
    if (ofSeverity.length === 0) return [];
    return [{ severity, title, count: ofSeverity.length, codes: groupByCode(ofSeverity) }];
  });
}
