import { apiErrorBodySchema } from './api-error-body.ts';

const DESCRIPTIONS = {
  400: 'Invalid request: malformed JSON, a wrong type, an unknown field or a bad value',
  401: 'Missing, unknown, revoked or expired token',
  403: 'Signed in, but the role or token kind may not do this',
  404: 'Not found in the caller’s workspace (also for another workspace’s resources)',
  409: 'Conflicts with the current state',
  410: 'The link or code was used, revoked or has expired',
  413: 'The request body is too large',
  428: 'A precondition header is missing: send If-Match with the ETag you saw',
  429: 'Too many requests: wait the seconds `Retry-After` gives',
  502: 'A service the server called (the model provider) failed: the message says how',
  503: 'Not available now: the message says what to configure',
} as const;

/** A status the routes document as a JSON error. */
export type ErrorStatus = keyof typeof DESCRIPTIONS;

/** One documented JSON error response, with what it means on its route. */
export function jsonErrorResponse(description: string) {
  return { description, content: { 'application/json': { schema: apiErrorBodySchema } } };
}

/** The OpenAPI responses of JSON errors with these statuses (401 is always included). */
export function errorResponses<Status extends ErrorStatus>(...statuses: Status[]) {
  const responses: Partial<
    Record<
      ErrorStatus,
      {
        description: string;
        content: { 'application/json': { schema: typeof apiErrorBodySchema } };
      }
    >
  > = {};
  for (const status of [401 as const, ...statuses]) {
    responses[status] = jsonErrorResponse(DESCRIPTIONS[status]);
  }
  return responses;
}
