import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';

/** A revision in review: proposed, rejected or (once reviewed) published. */
export type RevisionInReview = Schemas['RevisionInReview'];

/** Which proposals a list shows: those waiting for review or those rejected. */
export type ProposalState = 'proposed' | 'rejected';

/**
 * The workspace's proposals in one state, whether review is required, and whether the signed-in
 * person may review; `enabled` is false for those who may not see them (viewers).
 */
export function useProposals(state: ProposalState, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['proposals', state],
    enabled: options.enabled ?? true,
    // The count in the navigation follows what colleagues propose without a reload.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/proposals', { params: { query: { state } }, signal })),
  });
}

/** The cache key of one revision's review. */
export const proposalReviewKey = (revision: { name: string; version: number }) => [
  'proposal-review',
  revision.name,
  revision.version,
];

/**
 * One revision and what a reviewer reads: its diff against the published revision, findings,
 * signature and eval delta. Kept apart from the lists, so that a decision leaves the diff that
 * was reviewed on the page (once published, the revision is its own published one).
 */
export function useProposalReview(revision: { name: string; version: number }) {
  return useQuery({
    queryKey: proposalReviewKey(revision),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/proposals/{name}/{version}', {
          params: { path: { name: revision.name, version: revision.version } },
          signal,
        }),
      ),
  });
}
