import { timingSafeEqual } from 'node:crypto';
import { hashSecret } from '@skillset/store';
import type { Context } from 'hono';
import { readBearerToken } from './read-bearer-token.ts';

/**
 * Whether a request's bearer token is the operator secret the server wrote into its data folder
 * (`server.json`, mode 0600): only a process that can read the folder presents it. Without a
 * secret (a server on PostgreSQL, an app in a test) no request does.
 */
export function presentsOperatorSecret(context: Context, secret: string | undefined): boolean {
  const presented = readBearerToken(context);
  if (secret === undefined || typeof presented !== 'string') return false;
  // Equal-length digests, compared in constant time.
  return timingSafeEqual(
    Buffer.from(hashSecret(presented), 'hex'),
    Buffer.from(hashSecret(secret), 'hex'),
  );
}
