import { printJson, printLine, type Terminal } from '../output/terminal.ts';
import { findRevision } from '../review/find-revision.ts';
import { parseRevisionSpec } from '../review/parse-revision-spec.ts';
import { failReview, runReviewCommand } from '../review/run-review-command.ts';

/** Options for {@link runReviewReject}. */
export interface ReviewRejectCommandOptions {
  /** `NAME` (its newest proposal) or `NAME@VERSION`. */
  revision: string;
  /** Why: the author reads it (required). */
  note: string;
  server?: string;
  token?: string;
  json?: boolean;
}

/** `skillset review reject NAME[@VERSION] --note TEXT`: turns a proposal down; it stays in the history. */
export async function runReviewReject(
  terminal: Terminal,
  options: ReviewRejectCommandOptions,
): Promise<number> {
  const spec = parseRevisionSpec(options.revision);
  if (typeof spec === 'string') return failReview(terminal, spec);
  if (options.note.trim() === '') {
    return failReview(terminal, 'a rejection needs a --note saying why; the author reads it.');
  }
  return runReviewCommand(terminal, options, async (client) => {
    const target = await findRevision(client, spec);
    const rejected = await client.reject(target.name, target.version, {
      hash: target.hash,
      note: options.note,
    });
    if (options.json) {
      printJson(terminal, { server: client.server, ...rejected });
      return 0;
    }
    const serving =
      rejected.published === 0 ? 'nothing is served yet' : `still serving v${rejected.published}`;
    printLine(
      terminal,
      `Rejected ${rejected.name} v${rejected.version} (${serving}); the author sees your note: ${rejected.note ?? options.note}`,
    );
    return 0;
  });
}
