import { ServerApiError } from '../server-api/server-api-error.ts';
import type { ReviewClient } from './create-review-client.ts';
import type { RevisionSpec } from './parse-revision-spec.ts';
import type { ProposalReview } from './review-schemas.ts';

/** The revision a review command acts on, as the server names it now. */
export interface RevisionTarget {
  name: string;
  version: number;
  /** Its content digest: what an approval or rejection is bound to. */
  hash: string;
  /** The revision served now (0: none yet). */
  published: number;
  /** `null`: a revision published when it was written, before review was required. */
  state: 'proposed' | 'published' | 'rejected' | null;
  /** What `skillset review show` prints of it (absent for a revision from before review). */
  review?: ProposalReview;
}

/** The newest proposal of a skill waiting for review, or a 404-like error saying there is none. */
export async function newestProposal(client: ReviewClient, name: string): Promise<number> {
  const { items } = await client.proposals('proposed');
  const versions = items
    .filter((item) => item.name.toLowerCase() === name.toLowerCase())
    .map((item) => item.version);
  if (versions.length > 0) return Math.max(...versions);
  const waiting = [...new Set(items.map((item) => item.name))];
  throw new ServerApiError({
    status: 404,
    code: 'proposal_not_found',
    message: `No proposal of ${name} waits for review${waiting.length > 0 ? ` (waiting: ${waiting.join(', ')})` : ''}; name a version to act on an older one, e.g. ${name}@1.`,
  });
}

/**
 * Finds the revision `spec` names — its newest proposal when it names no version — with the
 * digest and published revision the server shows; a revision from before review is found in the
 * skill's versions (publishing it is a rollback).
 */
export async function findRevision(
  client: ReviewClient,
  spec: RevisionSpec,
): Promise<RevisionTarget> {
  const version = spec.version ?? (await newestProposal(client, spec.name));
  try {
    const review = await client.review(spec.name, version);
    const { revision } = review;
    return {
      name: revision.name,
      version,
      hash: revision.hash,
      published: revision.published,
      state: revision.state,
      review,
    };
  } catch (error) {
    if (!(error instanceof ServerApiError) || error.code !== 'version_not_found') throw error;
  }
  const versions = await client.versions(spec.name);
  const found = versions.items.find((item) => item.version === version);
  if (found === undefined) {
    throw new ServerApiError({
      status: 404,
      code: 'version_not_found',
      message: `${spec.name} has no version ${version} (serving v${versions.current}, newest v${Math.max(versions.current, ...versions.items.map((item) => item.version))}).`,
    });
  }
  return { name: spec.name, version, hash: found.hash, published: versions.current, state: null };
}
