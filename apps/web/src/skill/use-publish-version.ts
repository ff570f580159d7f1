import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';

/** One earlier version to serve again, and the published version it replaces. */
export interface PublishVersionRequest {
  version: number;
  /** The version's digest as the list showed it: another digest at that number is refused. */
  hash: string;
  /** The published version the person saw (If-Match): refused if another was published since. */
  published: number;
  note?: string;
  overrideRecallDrop?: boolean;
}

/**
 * Publishes an earlier version of a workspace skill that is or was published (a rollback), then
 * refreshes the skill, the skill list and the proposals.
 */
export function usePublishVersion(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishVersionRequest) =>
      unwrap(
        api.POST('/api/skills/{name}/versions/{version}/publish', {
          params: {
            path: { name, version: request.version },
            header: { 'if-match': `"${request.published}"` },
          },
          body: {
            hash: request.hash,
            ...(request.note === undefined || request.note.trim() === ''
              ? {}
              : { note: request.note.trim() }),
            ...(request.overrideRecallDrop === true ? { overrideRecallDrop: true } : {}),
          },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['skill', name] }),
        queryClient.invalidateQueries({ queryKey: ['skills'] }),
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
      ]),
  });
}
