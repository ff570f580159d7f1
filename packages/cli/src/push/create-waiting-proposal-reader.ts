import { z } from 'zod';
import type { ServerApi } from '../server-api/create-server-api.ts';
import { ServerApiError } from '../server-api/server-api-error.ts';

/** A proposal waiting for review: which skill, which revision, which content. */
export interface WaitingProposal {
  name: string;
  version: number;
  hash: string;
}

const listSchema = z.object({
  items: z.array(z.object({ name: z.string(), version: z.int(), hash: z.string() })),
});

/**
 * Reads the workspace's waiting proposals once, on first call; a caller who may not see them (an
 * agent) or an older server gets none.
 */
export function createWaitingProposalReader(api: ServerApi): () => Promise<WaitingProposal[]> {
  let read: Promise<WaitingProposal[]> | undefined;
  return () => {
    read ??= api.request('/api/proposals?state=proposed').then(
      ({ body }) => listSchema.safeParse(body).data?.items ?? [],
      (error: unknown) => {
        if (error instanceof ServerApiError && error.status !== 0) return [];
        throw error;
      },
    );
    return read;
  };
}
