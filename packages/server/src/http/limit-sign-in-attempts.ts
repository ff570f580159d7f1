import { createMiddleware } from 'hono/factory';
import { errorResponse } from './error-response.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { originInfoOf } from './request-origin-info.ts';

/** Failed sign-in attempts (and mail requests) one client address may make per minute. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 30;

/** Answers that count: a code that is unknown, used, expired or revoked, or a mail asked for. */
const COUNTED = new Set([202, 404, 410]);

/**
 * After {@link SIGN_IN_ATTEMPTS_PER_MINUTE} failed sign-in attempts (or mail requests) in a
 * minute from one client address, refuses its next ones with 429 `rate_limited` and
 * `Retry-After`: guessing codes or flooding mail costs time; a person who signs in is not slowed.
 * Each attempt is counted before its code is checked and given back when it did not fail, so
 * attempts sent in parallel get no more than the limit past.
 */
export function limitSignInAttempts(isSignInAttempt: (method: string, path: string) => boolean) {
  const limiter = createRateLimiter({ limit: SIGN_IN_ATTEMPTS_PER_MINUTE, windowMs: 60_000 });
  return createMiddleware(async (context, next) => {
    if (!isSignInAttempt(context.req.method, context.req.path)) return next();
    const taken = limiter.take(originInfoOf(context).clientAddress);
    if (!taken.ok) {
      context.header('retry-after', String(taken.retryAfterSeconds));
      return errorResponse(
        context,
        'rate_limited',
        `Too many failed sign-in attempts from this address; try again in ${taken.retryAfterSeconds} s.`,
      );
    }
    await next();
    if (!COUNTED.has(context.res.status)) taken.refund();
  });
}
