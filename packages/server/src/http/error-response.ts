import type { Context } from 'hono';
import { apiErrorBody } from './api-error-body.ts';
import { ERROR_STATUS } from './error-status.ts';
import type { ServerErrorCode } from './server-error-code.ts';

/** How long a client waits before asking again while the database cannot be reached. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The JSON error response of a code: its body, with the status {@link ERROR_STATUS} gives it
 * (and `Retry-After` when the database cannot be reached).
 */
export function errorResponse(
  context: Context,
  code: ServerErrorCode,
  message: string,
  issues?: unknown[],
) {
  if (code === 'store_unavailable')
    context.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
  return context.json(apiErrorBody(code, message, issues), ERROR_STATUS[code]);
}
