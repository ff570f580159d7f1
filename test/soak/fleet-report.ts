import { formatMs, formatRatio, type ReportRow } from '../../bench/report-table.ts';
import type { FleetStepResult } from './run-fleet-step.ts';

/** The kinds of request in the order the table shows them. */
const KINDS = [
  'mcp tools/list',
  'mcp prompts/list',
  'invoke',
  'sync',
  'detail',
  'create',
  'update',
] as const;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function instancesLabel(count: number): string {
  return `${count} instance${count === 1 ? '' : 's'}`;
}

/** Requests a second in the measured part of a step. */
export function requestsPerSecond(step: FleetStepResult): number {
  return step.load.requests / step.load.seconds;
}

/** p99 (ms) of one kind of request in a step. */
export function kindP99(step: FleetStepResult, kind: string): number {
  return percentile(step.load.tally.latencies[kind] ?? [], 0.99);
}

/** True when a step found no violation and no error but the cuts of its kill. */
export function stepPassed(step: FleetStepResult): boolean {
  const { load } = step;
  return (
    load.tally.errors.length === 0 &&
    load.tally.failed === 0 &&
    load.wrongAnswers.length === 0 &&
    load.stale.length === 0 &&
    load.tally.foreign.length === 0 &&
    step.lost.length === 0
  );
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function rssCell(step: FleetStepResult): string {
  const peaks = step.rss.map((samples, index) => {
    const peak = samples.length === 0 ? Number.NaN : Math.max(...samples);
    const last = samples.at(-1) ?? Number.NaN;
    const mark = step.killed?.index === index ? ' (killed)' : '';
    return `#${index} ${peak.toFixed(0)}/${last.toFixed(0)}${mark}`;
  });
  return `${peaks.join(', ')} MiB`;
}

function staleCell(step: FleetStepResult): string {
  const { load } = step;
  const base = `${count(load.stale.length)} of ${count(load.readBacks)} (${count(load.readBacksElsewhere)} read on another instance)`;
  if (load.stale.length === 0) return base;
  const lags = load.stale.map((read) => read.lagMs ?? Number.POSITIVE_INFINITY);
  return `${base}; visible after p50 ${formatMs(percentile(lags, 0.5))}, max ${formatMs(Math.max(...lags))}`;
}

/** The verdict table's rows: each figure across the instance counts, then the checks. */
export function fleetReportRows(steps: readonly FleetStepResult[]): ReportRow[] {
  const first = steps[0];
  const rows: ReportRow[] = [];
  for (const step of steps) {
    const rate = requestsPerSecond(step);
    rows.push({
      target: `requests/s, ${instancesLabel(step.instances)}`,
      measured: `${rate.toFixed(1)}/s (${count(step.load.requests)} in ${step.load.seconds.toFixed(0)} s)`,
      ratio:
        first === undefined ? '' : `${formatRatio(rate / requestsPerSecond(first))} 1 instance`,
      limit: 'shape only',
    });
  }
  for (const kind of KINDS) {
    for (const step of steps) {
      const values = step.load.tally.latencies[kind] ?? [];
      rows.push({
        target: `${kind} p50 / p99, ${instancesLabel(step.instances)}`,
        measured: `${formatMs(percentile(values, 0.5))} / ${formatMs(percentile(values, 0.99))} (${count(values.length)})`,
        ratio:
          first === undefined
            ? ''
            : `p99 ${formatRatio(kindP99(step, kind) / kindP99(first, kind))} 1 instance`,
        limit: 'shape only',
      });
    }
  }
  for (const step of steps) {
    rows.push({
      target: `RSS peak/end per instance, ${instancesLabel(step.instances)}`,
      measured: rssCell(step),
      limit: 'shape only',
    });
  }
  for (const step of steps) {
    const label = instancesLabel(step.instances);
    const { tally } = step.load;
    const kill =
      step.killed === undefined
        ? ''
        : `; #${step.killed.index} killed, load ${step.killed.secondsAfter.toFixed(0)} s more, ${count(step.cut)} cut`;
    rows.push(
      {
        target: `errors, ${label}`,
        measured: `${count(tally.errors.length)} (no answer: ${count(tally.failed)}, wrong answers: ${count(step.load.wrongAnswers.length)}${kill})`,
        limit: '0 (cuts at the kill aside)',
        pass:
          tally.errors.length === 0 && tally.failed === 0 && step.load.wrongAnswers.length === 0,
      },
      {
        target: `stale read-backs, ${label}`,
        measured: staleCell(step),
        limit: '0',
        pass: step.load.stale.length === 0,
      },
      {
        target: `other tenants' data, ${label}`,
        measured: `${count(tally.foreign.length)} in ${count(tally.checkedAnswers)} answers`,
        limit: '0',
        pass: tally.foreign.length === 0,
      },
      {
        target: `lost writes, ${label}`,
        measured: `${count(step.lost.length)} of ${count(step.load.writes.length)} acknowledged`,
        limit: '0',
        pass: step.lost.length === 0,
      },
    );
  }
  return rows;
}

/** One line: throughput and invoke p99 across the instance counts, and every check's count. */
export function fleetSummary(steps: readonly FleetStepResult[], populationSeconds: number): string {
  const first = steps[0];
  const join = (values: readonly string[]) => values.join(' / ');
  const rates = join(steps.map((step) => requestsPerSecond(step).toFixed(0)));
  const ratios = join(
    steps.map((step) =>
      first === undefined ? '' : formatRatio(requestsPerSecond(step) / requestsPerSecond(first)),
    ),
  );
  const p99 = join(steps.map((step) => formatMs(kindP99(step, 'invoke'))));
  const stale = join(steps.map((step) => String(step.load.stale.length)));
  const foreign = steps.reduce((sum, step) => sum + step.load.tally.foreign.length, 0);
  const lost = join(steps.map((step) => String(step.lost.length)));
  const ok = steps.every(stepPassed);
  return `fleet ${join(steps.map((step) => String(step.instances)))} instances: ${rates} req/s (${ratios}), invoke p99 ${p99}; stale read-backs ${stale}, other tenants' data ${foreign}, lost writes ${lost}; population ${populationSeconds.toFixed(0)} s — ${ok ? 'ok' : 'FAILED'}`;
}
