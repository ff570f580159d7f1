import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { originInfoOf } from '../http/request-origin-info.ts';

/** The name of the httpOnly cookie that carries a web session's random id (never a token). */
export const SESSION_COOKIE = 'skillset_session';

/** The session id of a request's cookie, if any. */
export function readSessionCookie(context: Context): string | undefined {
  return getCookie(context, SESSION_COOKIE) || undefined;
}

/** Sets the httpOnly, SameSite=Lax session cookie (Secure on https, or behind a trusted https proxy) until the session expires. */
export function setSessionCookie(context: Context, secret: string, expiresAt: Date) {
  setCookie(context, SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: originInfoOf(context).secure,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(context: Context) {
  deleteCookie(context, SESSION_COOKIE, { path: '/', secure: originInfoOf(context).secure });
}
