import { z } from '@hono/zod-openapi';
import type { ServerErrorCode } from './server-error-code.ts';

/** The JSON body of every error response: `{error: {code, message, issues?}}`. */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  })
  .openapi('Error');

/** An error response body. */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Builds an error response body. */
export function apiErrorBody(
  code: ServerErrorCode,
  message: string,
  issues?: unknown[],
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(issues === undefined ? {} : { issues: issues as Array<Record<string, unknown>> }),
    },
  };
}
