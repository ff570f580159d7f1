import { SkillsetError } from '@skillset/core';
import { isStoreUnavailable } from '@skillset/store';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { errorResponse } from './error-response.ts';
import { ERROR_STATUS, isServerErrorCode } from './error-status.ts';
import { loggableError } from './loggable-error.ts';
import type { ServerErrorCode } from './server-error-code.ts';

/** 503s that say what the operator has not configured: expected answers, not server faults. */
const NOT_CONFIGURED: ReadonlySet<ServerErrorCode> = new Set([
  'model_not_configured',
  'model_unknown',
  'model_key_missing',
  'mail_not_configured',
  'secrets_not_configured',
]);

/** Maps any error thrown by a route to the JSON error shape and status: the one place that does. */
export function createApiErrorHandler(logger: Logger) {
  return (error: Error, context: Context) => {
    if (SkillsetError.isInstance(error) && isServerErrorCode(error.code)) {
      const status = ERROR_STATUS[error.code];
      if (NOT_CONFIGURED.has(error.code)) logger.info({ code: error.code, status }, error.message);
      else if (status >= 500) logger.error({ err: loggableError(error) }, 'request failed');
      return errorResponse(
        context,
        error.code,
        error.message,
        error.details.issues as unknown[] | undefined,
      );
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code: ServerErrorCode =
        status === 413
          ? 'payload_too_large'
          : status === 401
            ? 'unauthorized'
            : /json/i.test(error.message)
              ? 'invalid_json'
              : 'invalid_request';
      const message =
        code === 'invalid_json'
          ? 'The request body is not valid JSON; send a JSON object with Content-Type: application/json.'
          : error.message || 'The request was refused.';
      return errorResponse(context, code, message);
    }
    if (isStoreUnavailable(error)) {
      logger.error({ err: loggableError(error) }, 'database unreachable');
      return errorResponse(
        context,
        'store_unavailable',
        'The database cannot be reached right now; try again in a moment (GET /readyz tells when it is back).',
      );
    }
    logger.error({ err: loggableError(error) }, 'unexpected error');
    return errorResponse(context, 'internal_error', 'Something went wrong on the server.');
  };
}
