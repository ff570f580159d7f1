import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { DEFAULT_CATALOG_BUDGET } from '../catalog/render-catalog.ts';
import type { SkillSignatureStatus } from '../provenance/skill-signature-status.ts';
import { catalogSkillOf } from '../registry/catalog-skill-of.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { createSkillIndex, type SkillIndexOptions } from '../search/create-skill-index.ts';
import type { SkillScope } from '../skill/skill-scope.ts';
import { analyzeBudgets, type BudgetReport, DEFAULT_CHARACTER_BUDGETS } from './analyze-budgets.ts';
import { checkTriggerQuality } from './check-trigger-quality.ts';
import { scanContentRisksCached } from './content-risk-cache.ts';
import type { DoctorFinding, DoctorSeverity } from './doctor-finding.ts';
import { findCollisions } from './find-collisions.ts';
import { readSkillContent, type SkillContent } from './read-skill-content.ts';
import { signatureFinding } from './signature-finding.ts';

/** Options for {@link diagnoseSkills}. */
export interface DiagnoseSkillsOptions {
  registry: SkillRegistry;
  /** The entries to diagnose (winners); every winner of the registry when absent. */
  entries?: readonly SkillEntry[];
  /** Skillset's catalog budget in tokens; default 2,000. */
  tokenBudget?: number;
  /** Other agents' listing budgets in characters; default 8,000 and 16,000. */
  characterBudgets?: readonly number[];
  /** Ranker options (synonyms) for the collision check, as the host's search uses them. */
  index?: SkillIndexOptions;
  /** Under `requireSigned`: each entry's signature status, so a skill it leaves out is a finding. */
  signatureOf?: (entry: SkillEntry) => Promise<SkillSignatureStatus>;
  /**
   * True for an entry whose text the caller may not see (an `ask` rule and nobody to approve): it is
   * diagnosed from its name and description only, since content findings quote the text.
   */
  withheld?: (entry: SkillEntry) => boolean | Promise<boolean>;
}

/** The findings of one skill. */
export interface DoctorSkillReport {
  name: string;
  scope: SkillScope;
  path: string;
  valid: boolean;
  findings: DoctorFinding[];
}

/** Counts of a report: skills, findings per severity and per code. */
export interface DoctorSummary {
  skills: number;
  errors: number;
  warnings: number;
  info: number;
  codes: Record<string, number>;
}

/** What `skillset doctor` and `GET /api/skills/doctor` report. */
export interface DoctorReport {
  /** Every diagnosed skill, by name, with its findings (possibly none). */
  skills: DoctorSkillReport[];
  /** Findings about the whole set (budgets). */
  set: DoctorFinding[];
  budgets: BudgetReport[];
  summary: DoctorSummary;
}

// Issues the trigger check reports itself, with a fix.
const coveredIssues = new Set(['description_too_long', 'name_folder_mismatch']);

const severityOrder: Record<DoctorSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Orders findings: errors first, then by file and line. */
export function compareFindings(a: DoctorFinding, b: DoctorFinding): number {
  return (
    severityOrder[a.severity] - severityOrder[b.severity] ||
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    a.code.localeCompare(b.code)
  );
}

function folderName(path: string): string {
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  return parts[parts.length - 1] ?? '';
}

function shadowFindings(entry: SkillEntry): DoctorFinding[] {
  return entry.shadows.map((hidden) => ({
    code: 'shadowed_skill' as const,
    severity: 'warning' as const,
    category: 'collision' as const,
    skill: entry.name,
    message: `"${entry.name}" (${entry.scope}, ${entry.path}) hides the ${hidden.scope} skill of the same name at ${hidden.path}.`,
    fix: 'Rename one of them if both should be usable, or delete the copy you no longer want.',
    related: [hidden.path],
  }));
}

async function readContent(
  registry: SkillRegistry,
  entry: SkillEntry,
): Promise<{ content?: SkillContent; failure?: string }> {
  try {
    return { content: await readSkillContent(registry, entry) };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

// Reads overlap their waits this many at a time; results keep the order of the entries.
const readConcurrency = 16;

async function readAll(
  registry: SkillRegistry,
  entries: readonly SkillEntry[],
  withheld: DiagnoseSkillsOptions['withheld'],
): Promise<Array<{ content?: SkillContent; failure?: string }>> {
  const results: Array<{ content?: SkillContent; failure?: string }> = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    for (let position = next++; position < entries.length; position = next++) {
      const entry = entries[position] as SkillEntry;
      results[position] =
        withheld !== undefined && (await withheld(entry)) ? {} : await readContent(registry, entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(readConcurrency, entries.length) }, worker));
  return results;
}

/**
 * Diagnoses a skill set: catalog budgets, description collisions and shadowing, trigger quality,
 * and content risks (docs/decisions/0105); reads each skill's files through the registry.
 */
export async function diagnoseSkills(options: DiagnoseSkillsOptions): Promise<DoctorReport> {
  const { registry } = options;
  const entries = options.entries ?? (await registry.list());
  const reports: DoctorSkillReport[] = [];
  const routable: CatalogSkill[] = [];
  const byName = new Map<string, DoctorSkillReport>();
  const contents = await readAll(registry, entries, options.withheld);
  for (const [position, entry] of entries.entries()) {
    const { content, failure } = contents[position] ?? {};
    const findings: DoctorFinding[] = [];
    const loaded = content?.loaded;
    const issues = loaded?.issues ?? entry.issues;
    const valid = (loaded?.valid ?? entry.valid) && failure === undefined;
    const firstError = issues.find(
      (issue) => issue.severity === 'error' && !coveredIssues.has(issue.code),
    );
    if (!valid && (firstError !== undefined || failure !== undefined)) {
      findings.push({
        code: 'invalid_skill',
        severity: 'error',
        category: 'format',
        skill: entry.name,
        file: 'SKILL.md',
        ...(firstError?.line === undefined ? {} : { line: firstError.line }),
        message: `The skill is invalid and is never listed: ${firstError?.message ?? failure ?? 'it cannot be read'}.`,
        fix: `Run: skillset validate ${entry.path}`,
      });
    }
    const positions = loaded?.fieldPositions;
    findings.push(
      ...checkTriggerQuality({
        name: entry.name,
        description: entry.description,
        folderName: folderName(entry.path),
        file: 'SKILL.md',
        ...(positions?.description === undefined
          ? {}
          : { descriptionLine: positions.description.line }),
        ...(positions?.name === undefined ? {} : { nameLine: positions.name.line }),
      }),
      ...shadowFindings(entry),
    );
    if (options.signatureOf !== undefined) {
      const finding = signatureFinding(entry.name, await options.signatureOf(entry));
      if (finding !== undefined) findings.push(finding);
    }
    if (content !== undefined) {
      findings.push(...(await scanContentRisksCached({ skill: entry.name, files: content.files })));
    }
    const report: DoctorSkillReport = {
      name: entry.name,
      scope: entry.scope,
      path: entry.path,
      valid,
      findings,
    };
    reports.push(report);
    byName.set(entry.name, report);
    // Catalogs route on names and descriptions only, so collisions are measured without bodies.
    if (valid) routable.push(catalogSkillOf(entry));
  }
  const collisions = findCollisions({
    skills: routable,
    index: createSkillIndex(routable, options.index),
  });
  const budget = analyzeBudgets({
    skills: routable,
    tokenBudget: options.tokenBudget ?? DEFAULT_CATALOG_BUDGET,
    characterBudgets: options.characterBudgets ?? DEFAULT_CHARACTER_BUDGETS,
  });
  const set: DoctorFinding[] = [];
  for (const finding of [...collisions, ...budget.findings]) {
    const owner = finding.skill === undefined ? undefined : byName.get(finding.skill);
    if (owner === undefined) set.push(finding);
    else owner.findings.push(finding);
  }
  for (const report of reports) report.findings.sort(compareFindings);
  reports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const all = [...set, ...reports.flatMap((report) => report.findings)];
  const codes: Record<string, number> = {};
  for (const finding of all) codes[finding.code] = (codes[finding.code] ?? 0) + 1;
  const count = (severity: DoctorSeverity) =>
    all.filter((finding) => finding.severity === severity).length;
  return {
    skills: reports,
    set,
    budgets: budget.budgets,
    summary: {
      skills: reports.length,
      errors: count('error'),
      warnings: count('warning'),
      info: count('info'),
      codes: Object.fromEntries(Object.entries(codes).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
