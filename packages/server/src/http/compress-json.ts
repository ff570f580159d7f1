import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptsEncoding } from './accepts-encoding.ts';

const gzipAsync = promisify(gzip);

/** `application/json` and `application/…+json`; event streams, backups and files pass as they are. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json(?:[;\s]|$)/i;
/** Below this a gzip header and checksum cost more than they save. */
const MIN_BYTES = 1024;

/**
 * Sends JSON answers of 1 KiB or more gzipped (at the fastest level, off the event loop) when the
 * request accepts it. Every JSON answer of the API is whole in memory before it is sent. ETags
 * stay as they are: they name a skill's version, which `If-Match` compares.
 */
export function compressJson(): MiddlewareHandler {
  return async (context, next) => {
    await next();
    const response = context.res;
    const type = response.headers.get('content-type') ?? '';
    if (!JSON_CONTENT_TYPE.test(type) || response.body === null) return;
    if (response.headers.has('content-encoding')) return;
    response.headers.append('vary', 'Accept-Encoding');
    if (
      context.req.method === 'HEAD' ||
      !acceptsEncoding(context.req.header('accept-encoding') ?? '', 'gzip')
    ) {
      return;
    }
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength < MIN_BYTES) {
      context.res = new Response(body, response);
      return;
    }
    const compressed = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
    // Hono copies the earlier answer's headers onto the new one: change them after.
    context.res = new Response(new Uint8Array(compressed), response);
    context.res.headers.set('content-encoding', 'gzip');
    context.res.headers.delete('content-length');
  };
}
