/** What an {@link AccessChange} concerns. */
export type AccessChangeKind =
  | 'token'
  | 'session'
  | 'member'
  | 'permissions'
  | 'agent'
  | 'workspace'
  | 'user';

/**
 * A committed change to who may do what: a revoked token or session, a member's role or removal,
 * permission rules, an agent's settings, a workspace's settings or deletion, a user's admin flag.
 * Instances that cache authentication or policies drop those caches on receipt.
 */
export interface AccessChange {
  kind: AccessChangeKind;
  /** The workspace concerned; null when instance-wide (users, sessions, unscoped tokens). */
  workspaceId: string | null;
  /** The token, session, user, agent or workspace concerned, when one. */
  id?: string;
  /** The access epoch this change raised (a decimal integer), when it came from the database. */
  epoch?: string;
}

/** Receives access changes. */
export type AccessChangeListener = (change: AccessChange) => void;

/** The PostgreSQL channel access changes are sent on. */
export const ACCESS_CHANGES_CHANNEL = 'skillset_access_changes';

/** Reads a notification payload; anything malformed is ignored (undefined). */
export function parseAccessChange(payload: string): AccessChange | undefined {
  try {
    const value = JSON.parse(payload) as Partial<AccessChange>;
    if (typeof value.kind !== 'string') return undefined;
    return {
      kind: value.kind,
      workspaceId: value.workspaceId ?? null,
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
      ...(typeof value.epoch === 'string' && /^\d+$/.test(value.epoch)
        ? { epoch: value.epoch }
        : {}),
    };
  } catch {
    return undefined;
  }
}
