import { printJson, type Terminal } from '../output/terminal.ts';
import { findRevision } from '../review/find-revision.ts';
import { parseRevisionSpec } from '../review/parse-revision-spec.ts';
import { printProposalReview } from '../review/print-proposal-review.ts';
import { failReview, runReviewCommand } from '../review/run-review-command.ts';

/** Options for {@link runReviewShow}. */
export interface ReviewShowCommandOptions {
  /** `NAME` (its newest proposal) or `NAME@VERSION`. */
  revision: string;
  server?: string;
  token?: string;
  json?: boolean;
}

/**
 * `skillset review show NAME[@VERSION]`: a proposal as a reviewer judges it — author, message,
 * digest, signature, eval delta, findings and the unified diff against the published revision.
 */
export async function runReviewShow(
  terminal: Terminal,
  options: ReviewShowCommandOptions,
): Promise<number> {
  const spec = parseRevisionSpec(options.revision);
  if (typeof spec === 'string') return failReview(terminal, spec);
  return runReviewCommand(terminal, options, async (client) => {
    const target = await findRevision(client, spec);
    if (target.review === undefined) {
      return failReview(
        terminal,
        `${target.name} v${target.version} was published before review was required, so it has no review to show (serving v${target.published}).`,
      );
    }
    if (options.json) printJson(terminal, { server: client.server, ...target.review });
    else printProposalReview(terminal, target.review);
    return 0;
  });
}
