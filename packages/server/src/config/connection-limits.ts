import { readFileSync } from 'node:fs';

/** How long requests may take to arrive and how many connections the server holds. */
export interface ConnectionLimits {
  /** A request's headers must arrive within this (slow-header attacks). */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this; responses may stream longer. */
  requestTimeoutMs: number;
  /** Connections held at once; new ones beyond are closed at once. */
  maxConnections: number;
  /** Event streams (`GET /api/events`) one principal may hold open. */
  maxEventStreamsPerPrincipal: number;
  /** MCP sessions one principal may hold open (idle ones close after `mcpSessionIdleMs`). */
  maxMcpSessionsPerPrincipal: number;
  mcpSessionIdleMs: number;
}

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
 * 16 event streams and 32 MCP sessions (idle 30 minutes) per principal.
 */
export function defaultConnectionLimits(): ConnectionLimits {
  const files = openFileLimit() ?? 1024;
  return {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 120_000,
    maxConnections: Math.max(64, Math.min(10_000, files - 256)),
    maxEventStreamsPerPrincipal: 16,
    maxMcpSessionsPerPrincipal: 32,
    mcpSessionIdleMs: 30 * 60 * 1000,
  };
}
