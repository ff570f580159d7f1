import type { ReportScope } from './skill-link-path.ts';
import type { DoctorFinding, DoctorReport } from './use-doctor-report.ts';

type Severity = DoctorFinding['severity'];
type Category = DoctorFinding['category'];

/** A finding with the scope of its skill, so that it can link to the skill's page. */
export interface PlacedFinding extends DoctorFinding {
  scope?: ReportScope;
}

/** The findings of one severity, by category. */
export interface SeverityGroup {
  severity: Severity;
  /** `Errors`, `Warnings` or `Suggestions`. */
  title: string;
  count: number;
  categories: Array<{ category: Category; title: string; findings: PlacedFinding[] }>;
}

const SEVERITIES: ReadonlyArray<{ severity: Severity; title: string }> = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Suggestions' },
];

const CATEGORIES: ReadonlyArray<{ category: Category; title: string }> = [
  { category: 'content', title: 'Content risks' },
  { category: 'format', title: 'Format' },
  { category: 'collision', title: 'Collisions' },
  { category: 'trigger', title: 'Triggers' },
  { category: 'budget', title: 'Catalog budget' },
];

// The budget section shows these as figures; as findings they only restate them.
const RESTATED = new Set<DoctorFinding['code']>(['budget_usage']);

/**
 * The report's findings grouped by severity (errors first), then by category; skill findings
 * carry their skill's scope. Empty when the doctor found nothing to act on.
 */
export function groupFindings(report: DoctorReport): SeverityGroup[] {
  const all: PlacedFinding[] = [
    ...report.set.filter((finding) => !RESTATED.has(finding.code)),
    ...report.skills.flatMap((skill) =>
      skill.findings.map((finding) => ({ ...finding, scope: skill.scope })),
    ),
  ];
  return SEVERITIES.flatMap(({ severity, title }) => {
    const ofSeverity = all.filter((finding) => finding.severity === severity);
    if (ofSeverity.length === 0) return [];
    const categories = CATEGORIES.flatMap(({ category, title: categoryTitle }) => {
      const findings = ofSeverity
        .filter((finding) => finding.category === category)
        .sort(
          (left, right) =>
            (left.skill ?? '').localeCompare(right.skill ?? '') ||
            (left.file ?? '').localeCompare(right.file ?? '') ||
            (left.line ?? 0) - (right.line ?? 0),
        );
      return findings.length === 0 ? [] : [{ category, title: categoryTitle, findings }];
    });
    return [{ severity, title, count: ofSeverity.length, categories }];
  });
}
