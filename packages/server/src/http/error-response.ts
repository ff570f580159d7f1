import type { Context } from 'hono';
import { apiErrorBody } from './api-error-body.ts';
import { ERROR_STATUS } from './error-status.ts';
import type { ServerErrorCode } from './server-error-code.ts';

/** The JSON error response of a code: its body, with the status {@link ERROR_STATUS} gives it. */
export function errorResponse(
  context: Context,
  code: ServerErrorCode,
  message: string,
  issues?: unknown[],
) {
  return context.json(apiErrorBody(code, message, issues), ERROR_STATUS[code]);
}
