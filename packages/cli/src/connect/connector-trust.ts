import type { ConnectContext } from './agent-connector.ts';

/** The trust entries connect wrote into the agent's own store, to take back exactly those. */
export interface TrustRecord {
  /** Each trusted hook's key and the hash it was trusted at. */
  entries: Array<{ key: string; hash: string }>;
  /** Connect created the table holding them (it removes it again once empty). */
  createdTable: boolean;
}

/** What granting trust did, and what the person must still do. */
export interface TrustGrant {
  record?: TrustRecord;
  lines: string[];
  warnings: string[];
}

/** What taking trust back did, and what the person must still do. */
export interface TrustRevoke {
  lines: string[];
  warnings: string[];
}

/**
 * Trust an agent keeps apart from its settings before it runs what connect added (Codex runs a
 * new hook only once trusted): connect grants it the way the agent's own UI does, disconnect
 * takes back what connect granted.
 */
export interface ConnectorTrust {
  grant(context: ConnectContext): Promise<TrustGrant>;
  revoke(context: ConnectContext, record: TrustRecord): Promise<TrustRevoke>;
}
