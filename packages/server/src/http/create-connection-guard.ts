import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { apiErrorBody } from './api-error-body.ts';
import { clientAddressKey } from './client-address-key.ts';
import { ERROR_STATUS } from './error-status.ts';
import { forwardedClientAddress } from './request-origin-info.ts';

/** Options for {@link createConnectionGuard}. */
export interface ConnectionGuardOptions {
  /** Connections held at once. */
  maxConnections: number;
  /** Connections one client address holds (an IPv6 client: its /64); behind a proxy, its requests in flight. */
  maxConnectionsPerAddress: number;
  /** Behind a trusted reverse proxy: clients are told apart by `X-Forwarded-For`, not by the peer. */
  trustProxy: boolean;
}

/** A request handler of `@hono/node-server` (`app.fetch`). */
export type NodeFetch = (request: Request, env: HttpBindings) => unknown;

/** Guards a server's connections: `attach` it to the server, and serve through its `fetch`. */
export interface ConnectionGuard {
  /** Watches the connections `server` accepts (call before it listens). */
  attach(server: Server): void;
  /** Wraps the server's handler, so the guard knows which connections have a request in flight. */
  fetch(handler: NodeFetch): NodeFetch;
}

/** How long a client waits before sending one more request while it has too many in flight. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Counts per key, forgetting a key whose count drops to zero. */
function createKeyedCounts() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    remove(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

/**
 * Bounds the connections of `server` for everyone: when a new connection would pass the cap of
 * its address or of the server, the oldest idle connection (no request in flight) of that address,
 * or of anyone, is closed to make room; the new one is closed at once only when all are busy.
 * Behind a trusted proxy every connection comes from the proxy: there the cap of an address counts
 * the requests in flight of each forwarded client, and one more is answered 429 `rate_limited`.
 */
export function createConnectionGuard(options: ConnectionGuardOptions): ConnectionGuard {
  const { maxConnections, maxConnectionsPerAddress, trustProxy } = options;
  const keys = new Map<Socket, string | undefined>();
  const busy = new Map<Socket, number>();
  // Idle connections, the one idle longest first (a Set keeps insertion order).
  const idle = new Set<Socket>();
  const idleByKey = new Map<string, Set<Socket>>();
  const perKey = createKeyedCounts();
  const inFlight = createKeyedCounts();

  const setIdle = (socket: Socket, key: string | undefined) => {
    idle.add(socket);
    if (key === undefined) return;
    let set = idleByKey.get(key);
    if (set === undefined) {
      set = new Set();
      idleByKey.set(key, set);
    }
    set.add(socket);
  };
  const clearIdle = (socket: Socket, key: string | undefined) => {
    idle.delete(socket);
    if (key === undefined) return;
    const set = idleByKey.get(key);
    set?.delete(socket);
    if (set?.size === 0) idleByKey.delete(key);
  };
  const forget = (socket: Socket) => {
    if (!keys.has(socket)) return;
    const key = keys.get(socket);
    keys.delete(socket);
    busy.delete(socket);
    clearIdle(socket, key);
    if (key !== undefined) perKey.remove(key);
  };
  /** Closes the oldest of `candidates`; false when there is none. */
  const shedOldest = (candidates: Set<Socket> | undefined): boolean => {
    const oldest = candidates?.values().next().value;
    if (oldest === undefined) return false;
    forget(oldest);
    oldest.destroy();
    return true;
  };

  const admit = (socket: Socket) => {
    const key =
      trustProxy || socket.remoteAddress === undefined
        ? undefined
        : clientAddressKey(socket.remoteAddress);
    const roomForAddress =
      key === undefined ||
      perKey.count(key) < maxConnectionsPerAddress ||
      shedOldest(idleByKey.get(key));
    if (!roomForAddress || (keys.size >= maxConnections && !shedOldest(idle))) {
      socket.destroy();
      return;
    }
    keys.set(socket, key);
    busy.set(socket, 0);
    if (key !== undefined) perKey.add(key);
    setIdle(socket, key);
    socket.once('close', () => forget(socket));
  };

  return {
    attach(server) {
      server.on('connection', admit);
    },
    fetch(handler) {
      return (request, env) => {
        const socket = env.incoming.socket;
        let client: string | undefined;
        if (trustProxy) {
          const address =
            forwardedClientAddress(request.headers.get('x-forwarded-for')) ?? socket.remoteAddress;
          client = address === undefined ? undefined : clientAddressKey(address);
          if (client !== undefined && inFlight.count(client) >= maxConnectionsPerAddress) {
            return Response.json(
              apiErrorBody(
                'rate_limited',
                `Too many requests in flight from this address (${maxConnectionsPerAddress}); wait for one to end.`,
              ),
              {
                status: ERROR_STATUS.rate_limited,
                headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
              },
            );
          }
          if (client !== undefined) inFlight.add(client);
        }
        const held = busy.get(socket);
        if (held !== undefined) {
          busy.set(socket, held + 1);
          clearIdle(socket, keys.get(socket));
        }
        env.outgoing.once('close', () => {
          if (client !== undefined) inFlight.remove(client);
          const left = busy.get(socket);
          if (left === undefined) return;
          busy.set(socket, left - 1);
          if (left === 1 && !socket.destroyed) setIdle(socket, keys.get(socket));
        });
        return handler(request, env);
      };
    },
  };
}
