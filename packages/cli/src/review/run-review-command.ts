import type { Terminal } from '../output/terminal.ts';
import { createServerApi } from '../server-api/create-server-api.ts';
import {
  type ResolveServerAccessOptions,
  resolveServerAccess,
} from '../server-api/resolve-server-access.ts';
import { ServerApiError } from '../server-api/server-api-error.ts';
import { createReviewClient, type ReviewClient } from './create-review-client.ts';

/** Writes `skillset: error: …` and answers exit code 1. */
export function failReview(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

/**
 * Runs a `skillset review` command against `--server` with `--token`: a missing server or token,
 * and a server's refusal, become one error line and exit code 1.
 */
export async function runReviewCommand(
  terminal: Terminal,
  options: ResolveServerAccessOptions,
  command: (client: ReviewClient) => Promise<number>,
): Promise<number> {
  const access = resolveServerAccess(terminal, options);
  if (typeof access === 'string') return failReview(terminal, access);
  try {
    return await command(createReviewClient(createServerApi(access)));
  } catch (error) {
    if (error instanceof ServerApiError) return failReview(terminal, error.message);
    throw error;
  }
}
