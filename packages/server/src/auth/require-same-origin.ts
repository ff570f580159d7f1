import { SkillsetError } from '@skillset/core';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { readSessionCookie } from './session-cookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refused(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'origin_not_allowed', message });
}

/** True when the request's `Origin` names the host (and port) the request was sent to. */
export function isSameOrigin(context: Context, origin: string): boolean {
  try {
    return new URL(origin).host === new URL(context.req.url).host;
  } catch {
    return false;
  }
}

/** Options for {@link requireSameOrigin}. */
export interface RequireSameOriginOptions {
  /** Writes that sign someone in: a foreign `Origin` is refused even without a cookie. */
  signInPaths: (path: string) => boolean;
}

/**
 * CSRF defence: a write (POST, PUT, PATCH, DELETE) that carries the session cookie and no
 * `Authorization` header needs an `Origin` equal to the request's own origin; bearer-token
 * requests are untouched. Sign-in writes refuse a foreign `Origin` too (login CSRF).
 */
export function requireSameOrigin(options: RequireSameOriginOptions) {
  return createMiddleware(async (context, next) => {
    if (SAFE_METHODS.has(context.req.method) || context.req.header('authorization') !== undefined) {
      return next();
    }
    const origin = context.req.header('origin');
    if (readSessionCookie(context) !== undefined) {
      if (origin === undefined) {
        throw refused(
          'A write signed in with the session cookie needs an Origin header from this server’s own pages; scripts should send Authorization: Bearer <token> instead.',
        );
      }
      if (!isSameOrigin(context, origin)) {
        throw refused(`Origin ${origin} may not write with this server’s session cookie.`);
      }
    } else if (
      origin !== undefined &&
      options.signInPaths(context.req.path) &&
      !isSameOrigin(context, origin)
    ) {
      throw refused(`Origin ${origin} may not sign anybody in to this server.`);
    }
    return next();
  });
}
