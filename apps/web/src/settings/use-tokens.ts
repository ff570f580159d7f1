import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';

/** The query key of {@link useTokens}: invalidate it after creating or revoking a token. */
export const TOKENS_QUERY_KEY = ['tokens'] as const;

/** My tokens (and, for admins, the workspace's agent tokens), never their secrets. */
export function useTokens() {
  return useQuery({
    queryKey: TOKENS_QUERY_KEY,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/tokens', { signal }))).tokens,
  });
}
