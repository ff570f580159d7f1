import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';

/** How people can sign in to this server (a mailed link, single sign-on); public, never changes while it runs. */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['sign-in-methods'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => unwrap(api.GET('/api/session/methods', { signal })),
  });
}
