/** One row of a bench verdict table: what was measured, against what limit, and whether it passed. */
export interface ReportRow {
  /** What the row measures, e.g. "`skillset --help` time". */
  target: string;
  /** The measurement as shown, e.g. "105 ms". */
  measured: string;
  /** The ratio the limit is about, e.g. "1.31× `node -e 0`"; empty for absolute limits. */
  ratio?: string;
  /** The limit as shown, e.g. "≤ 3×". */
  limit: string;
  /** Undefined when the row could not be measured (shown as "n/a"). */
  pass?: boolean;
}

/** Formats rows as one Markdown table: target, measured, ratio, limit, pass/fail. */
export function formatReportTable(rows: readonly ReportRow[]): string {
  const header = ['target', 'measured', 'ratio', 'limit', 'pass/fail'];
  const cells = rows.map((row) => [
    row.target,
    row.measured,
    row.ratio ?? '',
    row.limit,
    row.pass === undefined ? 'n/a' : row.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const line = (values: readonly string[]): string =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map((values) => line(values)),
  ].join('\n');
}

/** Formats milliseconds for a table: "1,234 ms" or "12.3 ms". */
export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms).toLocaleString('en-US')} ms` : `${ms.toFixed(1)} ms`;
}

/** Formats a ratio for a table: "1.23×". */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}
