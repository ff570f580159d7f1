import { paint, printLine, type Terminal } from '../output/terminal.ts';
import { formatWhen } from './format-when.ts';
import type { ProposalReview } from './review-schemas.ts';

const score = (value: number | null) => (value === null ? '—' : value.toFixed(2));

function describeState(review: ProposalReview): string {
  const { revision } = review;
  const serving =
    revision.published === 0 ? 'nothing served yet' : `serving v${revision.published}`;
  const by = revision.author === null ? '' : ` by ${revision.author.name}`;
  const when = formatWhen(revision.createdAt);
  if (revision.state === 'proposed') return `proposed${by} on ${when}; ${serving}`;
  const reviewer = revision.reviewer === null ? '' : ` by ${revision.reviewer.name}`;
  const reviewed = revision.reviewedAt === null ? '' : ` on ${formatWhen(revision.reviewedAt)}`;
  return `written${by} on ${when}, ${revision.state}${reviewer}${reviewed}; ${serving}`;
}

function colourDiffLine(terminal: Terminal, line: string): string {
  if (line.startsWith('+++') || line.startsWith('---'))
    return paint(terminal, 'stdout', 'bold', line);
  if (line.startsWith('+')) return paint(terminal, 'stdout', 'green', line);
  if (line.startsWith('-')) return paint(terminal, 'stdout', 'red', line);
  if (line.startsWith('@@')) return paint(terminal, 'stdout', 'cyan', line);
  return line;
}

/** Prints what a reviewer judges: who proposed what, the signature, eval delta, findings and diff. */
export function printProposalReview(terminal: Terminal, proposal: ProposalReview): void {
  const { revision, review } = proposal;
  printLine(
    terminal,
    paint(terminal, 'stdout', 'bold', `${revision.name} v${revision.version}`) +
      `  ${describeState(proposal)}`,
  );
  if (revision.message !== null) printLine(terminal, `Message:   ${revision.message}`);
  if (revision.note !== null) printLine(terminal, `Note:      ${revision.note}`);
  printLine(terminal, `Digest:    ${revision.hash}`);
  const { signature } = review;
  const signer = signature.signer === undefined ? '' : ` by ${signature.signer}`;
  const reason = signature.reason === undefined ? '' : ` (${signature.reason})`;
  printLine(terminal, `Signature: ${signature.state}${signer}${reason}`);
  if (review.eval === null) {
    printLine(terminal, 'Eval:      no evals/triggers.json');
  } else {
    const { before, after, cases } = review.eval;
    const delta = (key: 'recall' | 'precision') =>
      `${key} ${before === null ? '' : `${score(before[key])} → `}${score(after[key])}`;
    printLine(terminal, `Eval:      ${cases} cases; ${delta('recall')}, ${delta('precision')}`);
  }
  if (review.findings.length === 0) printLine(terminal, 'Findings:  none');
  else {
    printLine(terminal, `Findings:  ${review.findings.length}`);
    for (const finding of review.findings) {
      const where =
        finding.file === undefined
          ? ''
          : `${finding.file}${finding.line === undefined ? '' : `:${finding.line}`}  `;
      const severity =
        finding.severity === 'error'
          ? paint(terminal, 'stdout', 'red', 'error  ')
          : finding.severity === 'warning'
            ? paint(terminal, 'stdout', 'yellow', 'warning')
            : 'info   ';
      printLine(terminal, `  ${severity}  ${where}${finding.message}  [${finding.code}]`);
      if (finding.fix !== undefined) printLine(terminal, `           fix: ${finding.fix}`);
    }
  }
  const changed = review.diff.map((file) => `${file.path} ${file.status}`).join(', ');
  printLine(
    terminal,
    `Changes:   ${review.diff.length === 0 ? 'none (the same content as the published revision)' : changed}`,
  );
  for (const file of review.diff) {
    printLine(terminal);
    for (const line of file.diff.replace(/\n$/, '').split('\n'))
      printLine(terminal, colourDiffLine(terminal, line));
  }
  printLine(terminal);
  if (revision.mayPublish) {
    printLine(terminal, `Publish it: skillset review approve ${revision.name}@${revision.version}`);
    printLine(
      terminal,
      `Reject it:  skillset review reject ${revision.name}@${revision.version} --note "why"`,
    );
  } else if (revision.state === 'proposed') {
    printLine(
      terminal,
      'You may not publish it: you proposed it, or you have no reviewer grant; another reviewer must.',
    );
  }
}
