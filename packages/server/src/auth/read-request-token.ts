import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The name of the httpOnly cookie the web UI signs in with. */
export const SESSION_COOKIE = 'skillset_session';

/** The bearer token of a request: the `Authorization: Bearer` header, else the session cookie. */
export function readRequestToken(context: Context): string | undefined {
  const header = context.req.header('authorization');
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1];
  }
  return getCookie(context, SESSION_COOKIE) || undefined;
}
