import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from '../app/app-env.ts';
import { errorResponse } from './error-response.ts';

function describeTarget(target: string): string {
  return target === 'json' ? 'body' : target;
}

/** Answers a request that fails its route schema with 400 and one issue per problem, naming the field. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, context) => {
  if (result.success) return;
  const error = result.error as {
    issues: Array<{ path: PropertyKey[]; message: string; code: string }>;
  };
  const issues = error.issues.map((issue) => ({
    code: issue.code,
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const where = describeTarget(result.target);
  const summary = issues
    .map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message))
    .join('; ');
  return errorResponse(context, 'invalid_request', `Invalid request ${where}: ${summary}`, issues);
};
