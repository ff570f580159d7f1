import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

/** What a request says about where it came from, read once (behind a trusted proxy, from its headers). */
export interface RequestOriginInfo {
  /** The client's address: the socket's, or the proxy's `X-Forwarded-For` (its last entry) when trusted. */
  clientAddress: string;
  /** The request arrived over https (or the trusted proxy says so with `X-Forwarded-Proto`). */
  secure: boolean;
}

function socketAddress(context: Context): string {
  const env = context.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The client a trusted proxy names in `X-Forwarded-For`: its last entry (the one the proxy added). */
export function forwardedClientAddress(header: string | null | undefined): string | undefined {
  return header?.split(',').at(-1)?.trim() || undefined;
}

/** Reads a request's {@link RequestOriginInfo}; without `trustProxy` forwarding headers are ignored. */
export function readRequestOriginInfo(context: Context, trustProxy: boolean): RequestOriginInfo {
  const https = new URL(context.req.url).protocol === 'https:';
  if (!trustProxy) return { clientAddress: socketAddress(context), secure: https };
  const forwardedFor = forwardedClientAddress(context.req.header('x-forwarded-for'));
  const forwardedProto = context.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  return {
    clientAddress: forwardedFor ?? socketAddress(context),
    secure: https || forwardedProto?.toLowerCase() === 'https',
  };
}

/** Sets `context.var.origin` for the routes and helpers after it. */
export function originInfo(trustProxy: boolean) {
  return createMiddleware<{ Variables: { origin: RequestOriginInfo } }>(async (context, next) => {
    context.set('origin', readRequestOriginInfo(context, trustProxy));
    await next();
  });
}

/** The request's origin info; read anew when no middleware set it (a bare route in a test). */
export function originInfoOf(context: Context): RequestOriginInfo {
  return (
    (context.get('origin') as RequestOriginInfo | undefined) ??
    readRequestOriginInfo(context, false)
  );
}
