import type { z } from '@hono/zod-openapi';

/** A required JSON request body with this schema, for `createRoute`. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { content: { 'application/json': { schema } }, required: true };
}

/** A JSON response with this schema, for `createRoute`. */
export function jsonResponse<Schema extends z.ZodType>(schema: Schema, description: string) {
  return { description, content: { 'application/json': { schema } } };
}
