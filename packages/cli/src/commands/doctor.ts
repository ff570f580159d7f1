import path from 'node:path';
import { verifyEntrySignature } from '@skillset/core';
import {
  type BudgetReport,
  type DoctorFinding,
  type DoctorReport,
  type DoctorSeverity,
  diagnoseSkills,
} from '@skillset/core/authoring';
import { loadRankerData } from '@skillset/core/node';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { plural } from '../output/plural.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runDoctor}. */
export interface DoctorCommandOptions {
  dirs: string[];
  /** Skillset's catalog budget in tokens. */
  budget: number;
  /** Other agents' listing budgets in characters; the defaults when empty. */
  budgetChars: number[];
  json?: boolean;
  /** The least severe findings shown (default `warning`); the summary counts every finding. */
  severity?: DoctorSeverity;
}

const severityRank: Record<DoctorSeverity, number> = { error: 0, warning: 1, info: 2 };

/** The report with only the findings at `minimum` severity or worse; the summary is unchanged. */
function keepSeverity(report: DoctorReport, minimum: DoctorSeverity): DoctorReport {
  const shown = (finding: DoctorFinding) => severityRank[finding.severity] <= severityRank[minimum];
  return {
    ...report,
    set: report.set.filter(shown),
    skills: report.skills.map((skill) => ({ ...skill, findings: skill.findings.filter(shown) })),
  };
}

const severityStyle = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

function severityLabel(terminal: Terminal, severity: DoctorSeverity): string {
  return paint(terminal, 'stdout', severityStyle[severity], severity.padEnd(7));
}

function displayPath(terminal: Terminal, folder: string): string {
  const relative = path.relative(terminal.cwd, folder);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return relative || '.';
  return folder;
}

function printFinding(terminal: Terminal, finding: DoctorFinding) {
  const where =
    finding.file === undefined
      ? ''
      : `${finding.file}${finding.line === undefined ? '' : `:${finding.line}`}  `;
  printLine(
    terminal,
    `    ${where}${severityLabel(terminal, finding.severity)}  ${finding.message}  [${finding.code}]`,
  );
  printLine(terminal, paint(terminal, 'stdout', 'dim', `      fix: ${finding.fix}`));
}

function budgetLine(budget: BudgetReport): string {
  const share = Math.round((budget.needed / budget.limit) * 100);
  const cuts = [
    budget.withoutDescription.length > 0
      ? `${budget.withoutDescription.length} without description`
      : '',
    budget.omitted.length > 0 ? `${budget.omitted.length} omitted` : '',
  ].filter((part) => part !== '');
  return `  ${String(budget.limit).padStart(6)} ${budget.unit.padEnd(10)} needs ${budget.needed} (${share}%)${cuts.length > 0 ? `: ${cuts.join(', ')}` : ': everything fits'}`;
}

function printHuman(terminal: Terminal, report: DoctorReport, minimum: DoctorSeverity) {
  printSummary(terminal, report, minimum);
  printLine(terminal);
  printLine(terminal, paint(terminal, 'stdout', 'bold', 'Budgets'));
  for (const budget of report.budgets) printLine(terminal, budgetLine(budget));
  for (const finding of report.set) printFinding(terminal, finding);
  const flagged = report.skills.filter((skill) => skill.findings.length > 0);
  if (flagged.length > 0) {
    printLine(terminal);
    printLine(terminal, paint(terminal, 'stdout', 'bold', 'Skills'));
  }
  for (const skill of flagged) {
    const worst = skill.findings[0]?.severity ?? 'info';
    const mark =
      worst === 'error'
        ? paint(terminal, 'stdout', 'red', '✗')
        : worst === 'warning'
          ? paint(terminal, 'stdout', 'yellow', '!')
          : paint(terminal, 'stdout', 'cyan', 'i');
    printLine(
      terminal,
      `${mark} ${paint(terminal, 'stdout', 'bold', skill.name)}  ${skill.scope}  ${displayPath(terminal, skill.path)}`,
    );
    for (const finding of skill.findings) printFinding(terminal, finding);
  }
}

function printSummary(terminal: Terminal, report: DoctorReport, minimum: DoctorSeverity) {
  const { summary } = report;
  const codes = Object.entries(summary.codes)
    .sort(([, a], [, b]) => b - a)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  printLine(
    terminal,
    `${plural(summary.skills, 'skill')} checked: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${summary.info} info${codes === '' ? '' : ` (${codes})`}`,
  );
  const hidden =
    (minimum === 'error' ? summary.warnings : 0) + (minimum === 'info' ? 0 : summary.info);
  if (hidden > 0) {
    const lower = minimum === 'error' ? 'warning' : 'info';
    printLine(
      terminal,
      paint(
        terminal,
        'stdout',
        'dim',
        `Showing ${minimum} and worse; --severity ${lower} shows ${hidden} more.`,
      ),
    );
  }
}

/** `skillset doctor`: budgets, collisions, trigger quality, content risks and (under requireSigned) signatures of the local skills; exits 1 on an error-level finding. */
export async function runDoctor(terminal: Terminal, options: DoctorCommandOptions) {
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  try {
    const sourceFailed = await reportSourceIssues(terminal, registry);
    const report = await diagnoseSkills({
      registry,
      ...(policy.context.requireSigned === true
        ? { signatureOf: (entry) => verifyEntrySignature(registry, entry, policy.trust) }
        : {}),
      tokenBudget: options.budget,
      ...(options.budgetChars.length > 0 ? { characterBudgets: options.budgetChars } : {}),
      index: loadRankerData(),
    });
    const minimum = options.severity ?? 'warning';
    const shown = keepSeverity(report, minimum);
    if (options.json) printJson(terminal, shown);
    else printHuman(terminal, shown, minimum);
    return sourceFailed || report.summary.errors > 0 ? 1 : 0;
  } finally {
    await session.close();
  }
}
