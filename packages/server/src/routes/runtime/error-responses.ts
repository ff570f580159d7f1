import { apiErrorBodySchema } from '../../http/api-error-body.ts';

const errorContent = { 'application/json': { schema: apiErrorBodySchema } };

/** The error responses every runtime route documents. */
export const runtimeErrorResponses = {
  400: { description: 'Invalid input', content: errorContent },
  401: { description: 'No valid token', content: errorContent },
  403: { description: 'Not allowed for this principal', content: errorContent },
  404: { description: 'Unknown agent or workspace', content: errorContent },
} as const;
