import { formatTable } from '../output/format-table.ts';
import { plural } from '../output/plural.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';
import { formatWhen } from '../review/format-when.ts';
import type { ProposalList, Revision } from '../review/review-schemas.ts';
import { runReviewCommand } from '../review/run-review-command.ts';

/** Options for {@link runReviewList}. */
export interface ReviewListCommandOptions {
  server?: string;
  token?: string;
  /** The rejected proposals instead of the waiting ones. */
  rejected?: boolean;
  json?: boolean;
}

const person = (who: Revision['author']) => who?.name ?? '—';

function headline(list: ProposalList, rejected: boolean): string {
  const count = plural(list.items.length, rejected ? 'rejected proposal' : 'proposal');
  const review =
    list.review === 'required'
      ? 'Review is required in this workspace'
      : 'Review is off in this workspace (changes publish at once)';
  const you = list.mayReview
    ? 'you may review'
    : 'you may not publish or reject (no reviewer grant)';
  return `${review}; ${you}. ${count}${rejected ? '' : ' waiting'}${list.items.length === 0 ? '.' : ':'}`;
}

/** `skillset review list [--rejected]`: the workspace's proposals waiting for review, as a table. */
export async function runReviewList(
  terminal: Terminal,
  options: ReviewListCommandOptions,
): Promise<number> {
  return runReviewCommand(terminal, options, async (client) => {
    const rejected = options.rejected === true;
    const list = await client.proposals(rejected ? 'rejected' : 'proposed');
    if (options.json) {
      printJson(terminal, { server: client.server, ...list });
      return 0;
    }
    printLine(terminal, headline(list, rejected));
    if (list.items.length === 0) return 0;
    const rows = rejected
      ? [
          ['SKILL', 'VERSION', 'AUTHOR', 'REJECTED BY', 'WHEN', 'NOTE'],
          ...list.items.map((item) => [
            item.name,
            `v${item.version}`,
            person(item.author),
            person(item.reviewer),
            item.reviewedAt === null ? '—' : formatWhen(item.reviewedAt),
            item.note ?? '',
          ]),
        ]
      : [
          ['SKILL', 'VERSION', 'SERVING', 'AUTHOR', 'PROPOSED', 'MESSAGE'],
          ...list.items.map((item) => [
            item.name,
            `v${item.version}${item.mayPublish || !list.mayReview ? '' : ' (yours)'}`,
            item.published === 0 ? 'new' : `v${item.published}`,
            person(item.author),
            formatWhen(item.createdAt),
            item.message ?? '',
          ]),
        ];
    for (const line of formatTable(rows)) printLine(terminal, `  ${line}`);
    if (!rejected && list.mayReview) {
      printLine(terminal, 'Read one with: skillset review show NAME[@VERSION]');
    }
    return 0;
  });
}
