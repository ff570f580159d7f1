import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { proposalReviewKey, type RevisionInReview } from './proposal-queries.ts';
import type { ProposalAnswer } from './proposal-review-data.ts';

/**
 * Publishing and rejecting one revision. Publishing names the published version the reviewer saw
 * (If-Match) and the digest reviewed, so a revision changed or published over meanwhile is refused;
 * where the workspace blocks a drop in trigger recall, the reviewer may override it (audited).
 */
export function useReviewDecision(revision: RevisionInReview) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['proposals'] }),
      queryClient.invalidateQueries({ queryKey: ['skill', revision.name] }),
      queryClient.invalidateQueries({ queryKey: ['skills'] }),
    ]);
  const path = { name: revision.name, version: revision.version };
  const publish = useMutation({
    mutationFn: ({ note, overrideRecallDrop }: { note: string; overrideRecallDrop?: boolean }) =>
      unwrap(
        api.POST('/api/skills/{name}/versions/{version}/publish', {
          params: { path, header: { 'if-match': `"${revision.published}"` } },
          body: {
            hash: revision.hash,
            ...(note.trim() === '' ? {} : { note: note.trim() }),
            ...(overrideRecallDrop === true ? { overrideRecallDrop } : {}),
          },
        }),
      ),
    onSuccess: async (published) => {
      queryClient.setQueryData<ProposalAnswer>(proposalReviewKey(revision), (answer) =>
        answer === undefined
          ? answer
          : {
              ...answer,
              revision: {
                ...answer.revision,
                state: 'published',
                published: published.published,
                mayPublish: false,
              },
            },
      );
      await refresh();
    },
  });
  const reject = useMutation({
    mutationFn: (note: string) =>
      unwrap(
        api.POST('/api/skills/{name}/versions/{version}/reject', {
          params: { path },
          body: { hash: revision.hash, note: note.trim() },
        }),
      ),
    onSuccess: async (rejected) => {
      queryClient.setQueryData<ProposalAnswer>(proposalReviewKey(revision), (answer) =>
        answer === undefined ? answer : { ...answer, revision: rejected },
      );
      await refresh();
    },
  });
  return { publish, reject };
}
