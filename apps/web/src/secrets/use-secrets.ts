import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';

/** A secret as listed: name, bound skills and dates, never its value. */
export type Secret = Schemas['Secret'];
/** One skill a secret is bound to: the revision an admin approved and the current one. */
export type SecretBinding = Schemas['SecretBinding'];

/** What a save sends: `value` absent keeps the stored value. */
export interface SecretChange {
  name: string;
  value?: string;
  skills: string[];
}

const secretsKey = (workspaceId: string) => ['secrets', workspaceId] as const;

/** The workspace's secrets (admins only); a 503 `secrets_not_configured` when the server has no key. */
export function useSecrets(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: secretsKey(workspaceId),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/secrets', { signal }))).secrets,
  });
}

/** The names of the skills the workspace can see, to suggest when binding a secret. */
export function useSkillNames(enabled: boolean) {
  return useQuery({
    queryKey: ['skills', 'names'],
    enabled,
    queryFn: async ({ signal }) => {
      const page = await unwrap(
        api.GET('/api/skills', { params: { query: { limit: 500 } }, signal }),
      );
      return [...new Set(page.items.map((skill) => skill.name))].sort();
    },
  });
}

/** Creates or replaces a secret (value and/or skills). */
export function useSaveSecret(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SecretChange) =>
      unwrap(
        api.PUT('/api/secrets/{name}', {
          params: { path: { name: change.name } },
          body: {
            skills: change.skills,
            ...(change.value === undefined ? {} : { value: change.value }),
          },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretsKey(workspaceId) }),
  });
}

/** What an admin approves: the current revision (by the digest they saw) of a bound skill. */
export interface RevisionApproval {
  name: string;
  skill: string;
  digest: string;
}

/** Approves the current revision of a bound skill: its scripts get the secret from now on. */
export function useApproveRevision(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approval: RevisionApproval) =>
      unwrap(
        api.POST('/api/secrets/{name}/approvals', {
          params: { path: { name: approval.name } },
          body: { skill: approval.skill, digest: approval.digest },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretsKey(workspaceId) }),
  });
}

/** Deletes a secret. */
export function useDeleteSecret(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      unwrap(api.DELETE('/api/secrets/{name}', { params: { path: { name } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: secretsKey(workspaceId) }),
  });
}
