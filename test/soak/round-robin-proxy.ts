import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options for {@link startRoundRobinProxy}. */
export interface RoundRobinProxyOptions {
  /** The instances' base URLs, e.g. `http://127.0.0.1:41234`. */
  backends: readonly string[];
  /** Keep-alive connections to each instance at most (the rest queue in the proxy). */
  maxSocketsPerBackend: number;
}

/** A running proxy: requests go to the live instances in turn. */
export interface RoundRobinProxy {
  url: string;
  /** Per instance: false once a connection to it failed (it is skipped from then on). */
  readonly alive: readonly boolean[];
  /** Requests answered 502 because the instance went away while it had them. */
  readonly cut: number;
  close(): Promise<void>;
}

/** The response header naming the instance (its index) that answered. */
export const INSTANCE_HEADER = 'x-fleet-instance';
/** A request header naming an instance (its index) the request should not go to while another lives. */
export const AVOID_HEADER = 'x-fleet-avoid-instance';
/** The response header of a 502 the proxy made itself: the instance died with the request. */
export const CUT_HEADER = 'x-fleet-cut';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  AVOID_HEADER,
]);

function forwardedHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * Starts a round-robin HTTP proxy on a free loopback port: method, path, headers and body go to
 * the next live instance (skipping one named in {@link AVOID_HEADER}), the answer streams back. A refused connection (never delivered) marks
 * the instance dead and tries the next; any other connection error marks it dead and answers 502.
 */
export async function startRoundRobinProxy(
  options: RoundRobinProxyOptions,
): Promise<RoundRobinProxy> {
  const targets = options.backends.map((backend) => new URL(backend));
  const agents = targets.map(
    () => new http.Agent({ keepAlive: true, maxSockets: options.maxSocketsPerBackend }),
  );
  const alive = targets.map(() => true);
  let turn = 0;
  let cut = 0;

  /** The next live instance in turn, other than `avoid` while another one lives. */
  const pick = (avoid: number | undefined): number | undefined => {
    let fallback: number | undefined;
    for (let step = 0; step < targets.length; step += 1) {
      const index = turn++ % targets.length;
      if (!alive[index]) continue;
      if (index !== avoid) return index;
      fallback = index;
    }
    return fallback;
  };

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
  ): void => {
    const avoid = request.headers[AVOID_HEADER];
    const index = pick(typeof avoid === 'string' ? Number(avoid) : undefined);
    const target = index === undefined ? undefined : targets[index];
    if (index === undefined || target === undefined) {
      response.writeHead(503, { [CUT_HEADER]: '1' }).end('no live instance');
      return;
    }
    const outgoing = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...forwardedHeaders(request.headers), 'content-length': body.byteLength },
      agent: agents[index],
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        ...forwardedHeaders(answer.headers),
        [INSTANCE_HEADER]: String(index),
      });
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      alive[index] = false;
      if (response.headersSent) {
        response.destroy();
      } else if (error.code === 'ECONNREFUSED') {
        forward(request, body, response);
      } else {
        cut += 1;
        response.writeHead(502, { [CUT_HEADER]: '1' }).end(`instance ${index}: ${error.code}`);
      }
    });
    outgoing.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    alive,
    get cut() {
      return cut;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const agent of agents) agent.destroy();
    },
  };
}
