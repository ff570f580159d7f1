import { Agent, request } from 'node:https';
import { Readable } from 'node:stream';

/** Options for {@link createHttpsFetch}. */
export interface HttpsFetchOptions {
  /** The certificate to trust (PEM). */
  ca: string;
  /** The loopback address the client connects from (Linux routes all of 127.0.0.0/8 to `lo`). */
  localAddress?: string;
}

/** A `fetch` for a https server with the given certificate, whose redirects are not followed. */
export type HttpsFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` over `node:https` that connects from `localAddress`: one client of a server that tells
 * clients apart by address (the global `fetch` cannot pick its source address).
 */
export function createHttpsFetch(options: HttpsFetchOptions): HttpsFetch {
  const agent = new Agent({
    ca: options.ca,
    ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
  });
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const outgoing = request(
        input,
        {
          method: init.method ?? 'GET',
          headers,
          agent,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (incoming) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const each of Array.isArray(value) ? value : [value ?? '']) {
              responseHeaders.append(name, each);
            }
          }
          const status = incoming.statusCode ?? 0;
          const body = NO_BODY_STATUSES.has(status)
            ? null
            : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          if (body === null) incoming.resume();
          resolve(new Response(body, { status, headers: responseHeaders }));
        },
      );
      outgoing.on('error', reject);
      if (init.body === undefined || init.body === null) outgoing.end();
      else if (typeof init.body === 'string') outgoing.end(init.body);
      else reject(new TypeError('only string bodies are supported'));
    });
}
