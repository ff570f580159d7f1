import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';

/** The signed-in principal and its workspaces; fails with a 401 ApiError when signed out. */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/me', { signal })),
  });
}
