import { escapeXml } from '@skillset/core';
import type { TriggerCaseResult, TriggerEvalReport } from '@skillset/core/authoring';
import type { AgentTriggerEvalReport } from '../agent-eval/evaluate-triggers-with-agent.ts';
import { agentDefinition } from '../agents/agent-table.ts';

/** A trigger eval as `skillset eval` prints it: offline, with a model, or through an agent. */
export type EvalReport = TriggerEvalReport | AgentTriggerEvalReport;

/** XML text or attribute value; control characters XML 1.0 forbids become U+FFFD. */
const xml = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids.
  escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/gu, '\ufffd'));

const figure = (value: number | null) => (value === null ? '—' : value.toFixed(2));

const runsPerQuery = (report: EvalReport) =>
  `${report.runs} run${report.runs === 1 ? '' : 's'} per query`;

function describeRun(report: EvalReport): string {
  const skills = `${report.skillCount} skill${report.skillCount === 1 ? '' : 's'}`;
  if (report.mode === 'offline')
    return `offline: ranked search, top ${report.top} of ${skills}, within half the best score`;
  if (report.mode === 'agent')
    return `${agentDefinition(report.agent).label} (${report.agentBin}), ${runsPerQuery(report)}, ${skills} in its folders`;
  return `${report.model}, ${runsPerQuery(report)}, ${skills}`;
}

function outcomeColumn(report: EvalReport, result: TriggerCaseResult): string {
  if (report.mode !== 'offline') return `${result.triggers}/${result.runs}`;
  return result.rank === null || result.rank === undefined ? '-' : String(result.rank);
}

/** The summary line of one skill's eval: recall, precision, pass@k, and how many cases pass. */
export function summarizeTriggerEvalLine(report: EvalReport): string {
  const parts = [`recall ${figure(report.recall)}`, `precision ${figure(report.precision)}`];
  if (report.mode !== 'offline')
    parts.push(
      `pass@${report.runs} ${figure(report.passAtK)}`,
      `pass^${report.runs} ${figure(report.passAllK)}`,
    );
  parts.push(`${report.passed} of ${report.cases.length} cases pass`);
  return parts.join(' · ');
}

/** One skill's eval as a plain-text table: a heading, a row per case, the summary. */
export function formatTriggerEvalTable(report: EvalReport): string[] {
  const outcomeHeading = report.mode === 'offline' ? 'rank' : 'runs';
  const outcomes = report.cases.map((result) => outcomeColumn(report, result));
  const width = Math.max(outcomeHeading.length, ...outcomes.map((text) => text.length));
  const lines = [
    `${report.skill} (${describeRun(report)})`,
    `  result  expect   ${outcomeHeading.padStart(width)}  query`,
  ];
  report.cases.forEach((result, position) => {
    const verdict = result.passed ? 'pass' : 'FAIL';
    const expect = result.shouldTrigger ? 'trigger' : 'skip';
    const chose =
      result.chose !== undefined && result.chose.length > 0
        ? `  (chose: ${result.chose.join(', ')})`
        : '';
    const query = result.query.replace(/\s+/g, ' ');
    lines.push(
      `  ${verdict.padEnd(6)}  ${expect.padEnd(7)}  ${(outcomes[position] as string).padStart(width)}  ${query}${chose}`,
    );
  });
  lines.push(`  ${summarizeTriggerEvalLine(report)}`);
  return lines;
}

/** The reports as JUnit XML: a test suite per skill, a test case per query, and one per missed threshold. */
export function formatTriggerEvalJunit(
  reports: readonly EvalReport[],
  thresholdMisses: ReadonlyMap<string, readonly string[]>,
): string {
  const suites = reports.map((report) => {
    const misses = thresholdMisses.get(report.skill) ?? [];
    const cases = report.cases.map((result) => {
      const name = `${result.shouldTrigger ? 'should trigger' : 'should not trigger'}: ${result.query}`;
      const failure = result.passed
        ? ''
        : `<failure message="${xml(`triggered in ${result.triggers} of ${result.runs} runs`)}"/>`;
      return `    <testcase classname="${xml(report.skill)}" name="${xml(name)}">${failure}</testcase>`;
    });
    const thresholds = misses.map(
      (miss) =>
        `    <testcase classname="${xml(report.skill)}" name="thresholds"><failure message="${xml(miss)}"/></testcase>`,
    );
    const tests = cases.length + thresholds.length;
    const failures = report.failed + thresholds.length;
    return [
      `  <testsuite name="${xml(report.skill)}" tests="${tests}" failures="${failures}">`,
      `    <properties><property name="mode" value="${xml(report.mode === 'model' ? `${report.model}` : report.mode === 'agent' ? `agent:${report.agent}` : 'offline')}"/><property name="recall" value="${figure(report.recall)}"/><property name="precision" value="${figure(report.precision)}"/></properties>`,
      ...cases,
      ...thresholds,
      '  </testsuite>',
    ].join('\n');
  });
  const tests = reports.reduce(
    (sum, report) => sum + report.cases.length + (thresholdMisses.get(report.skill)?.length ?? 0),
    0,
  );
  const failures = reports.reduce(
    (sum, report) => sum + report.failed + (thresholdMisses.get(report.skill)?.length ?? 0),
    0,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="skillset eval" tests="${tests}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
