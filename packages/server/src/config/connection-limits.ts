import { readFileSync } from 'node:fs';

/** How long requests may take to arrive and how many connections the server holds. */
export interface ConnectionLimits {
  /** A request's headers must arrive within this (slow-header attacks). */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this; responses may stream longer. */
  requestTimeoutMs: number;
  /**
   * Connections held at once; one more closes the connection idle longest to make room, and is
   * closed at once only when every connection has a request in flight.
   */
  maxConnections: number;
  /**
   * Connections one client address holds (an IPv6 client: its /64), shed the same way; behind a
   * trusted proxy, the requests in flight of one forwarded client (one more is 429).
   */
  maxConnectionsPerAddress: number;
  /** Event streams (`GET /api/events`) one principal may hold open. */
  maxEventStreamsPerPrincipal: number;
  /**
   * MCP sessions one principal may hold open: one more replaces its least recently used idle one
   * (unused ones close after `mcpSessionIdleMs`).
   */
  maxMcpSessionsPerPrincipal: number;
  mcpSessionIdleMs: number;
}

/** Connections one client address holds by default (`--max-connections-per-address`). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/** The soft limit of open files of this process (Linux), or undefined where unknown. */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((each) => each.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The defaults: headers within 10 s, a request within 2 minutes (a 16 MiB upload at ~1 Mbit/s),
 * at most 10,000 connections and always 256 file descriptors fewer than the process may open,
 * 256 connections per client address, 16 event streams and 32 MCP sessions (idle 30 minutes) per
 * principal.
 */
export function defaultConnectionLimits(): ConnectionLimits {
  const files = openFileLimit() ?? 1024;
  return {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 120_000,
    maxConnections: Math.max(64, Math.min(10_000, files - 256)),
    maxConnectionsPerAddress: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    maxEventStreamsPerPrincipal: 16,
    maxMcpSessionsPerPrincipal: 32,
    mcpSessionIdleMs: 30 * 60 * 1000,
  };
}
