import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

/** The app's query cache: no retries on answers the server gave on purpose (4xx). */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}
