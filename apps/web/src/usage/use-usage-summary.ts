import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';

/** The workspace's usage over a period, as `GET /api/usage/summary` returns it. */
export type UsageSummary = Schemas['UsageSummary'];

/** The workspace's usage over the last `days` days; the previous period shows while the next loads. */
export function useUsageSummary(days: number) {
  return useQuery({
    queryKey: ['usage-summary', days],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/usage/summary', { params: { query: { days: String(days) } }, signal })),
    placeholderData: keepPreviousData,
  });
}
