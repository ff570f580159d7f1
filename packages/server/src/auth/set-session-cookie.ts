import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './read-request-token.ts';

/** Sets the httpOnly, SameSite=Lax session cookie that carries a user token for 30 days. */
export function setSessionCookie(context: Context, token: string) {
  setCookie(context, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(context.req.url).protocol === 'https:',
    maxAge: 60 * 60 * 24 * 30,
  });
}
