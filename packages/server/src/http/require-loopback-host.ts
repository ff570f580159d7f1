import { isIP } from 'node:net';
import { SkillsetError } from '@skillset/core';
import { createMiddleware } from 'hono/factory';
import type { ServerErrorCode } from './server-error-code.ts';

/** The hostname of a `Host` header value (`name:port`, `[::1]:port`), lower-cased, no brackets. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/** True for `localhost`, `127.0.0.0/8` and `::1` (what reaches only this machine). */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || /^::ffff:127\./.test(name);
  return false;
}

function refused(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'host_not_allowed', message });
}

/**
 * DNS-rebinding defence for a server bound to a loopback address: a request whose `Host` (or
 * `Origin`, when sent) is not a loopback name or address came through a foreign DNS name that
 * resolves to 127.0.0.1 (a web page driving this server from the user's browser): 403. The one
 * exception is the `SKILLSET_PUBLIC_URL` an operator named: a reverse proxy on this machine
 * forwards its requests with that `Host`.
 */
export function requireLoopbackHost(publicUrl?: string) {
  const publicHost = publicUrl === undefined ? undefined : new URL(publicUrl).host;
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  // The few Host values this server is reached by, checked once each (parsing a URL per request
  // shows in the profile of the hot runtime routes); bounded, since any client picks the value.
  const localHosts = new Set<string>();
  const isLocalHost = (host: string): boolean => {
    if (localHosts.has(host) || host.toLowerCase() === publicHost) return true;
    const hostname = hostnameOf(host);
    if (hostname === undefined || !isLoopbackHostname(hostname)) return false;
    if (localHosts.size >= 64) localHosts.clear();
    localHosts.add(host);
    return true;
  };
  return createMiddleware(async (context, next) => {
    const host = context.req.header('host') ?? new URL(context.req.url).host;
    if (!isLocalHost(host)) {
      throw refused(
        `Host ${JSON.stringify(host)} is not a local name: this server listens on a loopback address and answers only localhost, 127.0.0.1, [::1] and SKILLSET_PUBLIC_URL's host; behind a reverse proxy, set SKILLSET_PUBLIC_URL to the address people use.`,
      );
    }
    const origin = context.req.header('origin');
    if (origin !== undefined && origin !== publicOrigin) {
      let originHostname: string | undefined;
      try {
        originHostname = new URL(origin).hostname;
      } catch {
        originHostname = undefined;
      }
      if (originHostname === undefined || !isLoopbackHostname(originHostname)) {
        throw refused(
          `Origin ${JSON.stringify(origin)} is not local: this server listens on a loopback address and accepts requests only from pages on localhost, 127.0.0.1 and [::1].`,
        );
      }
    }
    return next();
  });
}
