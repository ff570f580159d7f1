import type { Context } from 'hono';

/**
 * The bearer token of a request's `Authorization` header: the token, `null` for a header that is
 * not `Bearer <token>`, or undefined without the header.
 */
export function readBearerToken(context: Context): string | null | undefined {
  const header = context.req.header('authorization');
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}
