import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';

/** A member of the workspace. */
export type Member = Schemas['Member'];
/** An invitation, without its code. */
export type Invitation = Schemas['Invitation'];
/** One entry of the audit log. */
export type AuditEntry = Schemas['AuditPage']['entries'][number];

const AUDIT_PAGE_SIZE = 25;

/** The members of a workspace and their roles. */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: ['members', workspaceId],
    queryFn: async ({ signal }) =>
      (
        await unwrap(
          api.GET('/api/workspaces/{id}/members', {
            params: { path: { id: workspaceId } },
            signal,
          }),
        )
      ).members,
  });
}

/** The pending invitations of a workspace (admins only). */
export function usePendingInvitations(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invitations', workspaceId],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await unwrap(
          api.GET('/api/workspaces/{id}/invitations', {
            params: { path: { id: workspaceId } },
            signal,
          }),
        )
      ).invitations,
  });
}

/** The workspace's audit log, newest first, a page at a time (admins only). */
export function useAuditLog(workspaceId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['audit', workspaceId],
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/audit', {
          params: {
            query: {
              limit: AUDIT_PAGE_SIZE,
              ...(pageParam === undefined ? {} : { before: pageParam }),
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextBefore,
  });
}
