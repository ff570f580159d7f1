import { printJson, printLine, type Terminal } from '../output/terminal.ts';
import { findRevision, type RevisionTarget } from '../review/find-revision.ts';
import { parseRevisionSpec } from '../review/parse-revision-spec.ts';
import { failReview, runReviewCommand } from '../review/run-review-command.ts';
import { ServerApiError } from '../server-api/server-api-error.ts';

/** Options for {@link runReviewApprove}. */
export interface ReviewApproveCommandOptions {
  /** `NAME` (its newest proposal) or `NAME@VERSION` (an older revision: a rollback). */
  revision: string;
  server?: string;
  token?: string;
  /** The reviewer's note, kept with the revision. */
  note?: string;
  /** Publish although the trigger-eval recall drops, where the workspace blocks that (audited). */
  overrideRecallDrop?: boolean;
  json?: boolean;
}

/** A refused publish, said for a reviewer at a terminal. */
function explainRefusal(error: ServerApiError, target: RevisionTarget): string {
  const label = `${target.name} v${target.version}`;
  switch (error.code) {
    case 'own_proposal':
      return `you proposed ${label} yourself, so another reviewer must publish it: review needs a second person.`;
    case 'version_conflict':
      return `${target.name} no longer serves v${target.published}: someone published another revision meanwhile. Run skillset review show ${target.name}@${target.version} again and approve what it shows.`;
    case 'recall_dropped':
      return `${error.message} From here: skillset review approve ${target.name}@${target.version} --override-recall-drop`;
    case 'revision_changed':
      return `${error.message} Run skillset review show ${target.name}@${target.version} again.`;
    default:
      return error.message;
  }
}

/**
 * `skillset review approve NAME[@VERSION]`: publishes the revision `skillset review show` prints —
 * bound to its digest and to the revision served when it was read — or, for an older revision,
 * rolls back to it.
 */
export async function runReviewApprove(
  terminal: Terminal,
  options: ReviewApproveCommandOptions,
): Promise<number> {
  const spec = parseRevisionSpec(options.revision);
  if (typeof spec === 'string') return failReview(terminal, spec);
  return runReviewCommand(terminal, options, async (client) => {
    const target = await findRevision(client, spec);
    if (target.version === target.published) {
      printLine(
        terminal,
        `${target.name} v${target.version} is the published revision already; nothing changed.`,
      );
      return 0;
    }
    let published: Awaited<ReturnType<typeof client.publish>>;
    try {
      published = await client.publish(target.name, target.version, {
        hash: target.hash,
        expected: target.published,
        note: options.note,
        overrideRecallDrop: options.overrideRecallDrop === true,
      });
    } catch (error) {
      if (!(error instanceof ServerApiError)) throw error;
      return failReview(terminal, explainRefusal(error, target));
    }
    const rollback = target.state !== 'proposed';
    if (options.json) {
      printJson(terminal, { server: client.server, ...published, rollback });
      return 0;
    }
    const was = published.from === 0 ? 'a new skill' : `was v${published.from}`;
    printLine(
      terminal,
      rollback
        ? `Rolled back ${published.name} to v${published.published} (${was}); every surface serves v${published.published} now.`
        : `Published ${published.name} v${published.published} (${was}); every surface serves it now.`,
    );
    return 0;
  });
}
