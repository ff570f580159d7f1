import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import type { StoreSession } from '../database/store-session.ts';
import { auditLog } from '../schema/audit-log.ts';
import type { Actor } from './actor.ts';

/** One audit entry to append. */
export interface AuditEntryInput {
  /** Null for instance-level changes (users, public and builtin skills). */
  workspaceId: string | null;
  actor?: Actor;
  /** A dotted verb such as `skill.update` or `token.revoke`. */
  action: string;
  target?: { kind: string; id: string };
  details?: Record<string, unknown>;
}

/** A stored audit entry. */
export interface AuditEntry {
  id: number;
  workspaceId: string | null;
  actor: Actor | null;
  action: string;
  target: { kind: string; id: string } | null;
  details: Record<string, unknown>;
  at: Date;
}

/** Options for {@link AuditRepository.list}. */
export interface ListAuditOptions {
  /** The workspace whose entries to list (also a deleted one); null lists instance-level entries. */
  workspaceId: string | null;
  action?: string;
  targetId?: string;
  /** Entries with an id below this one (the previous page's last id). */
  before?: number;
  /** At most this many entries, newest first (default 50, at most 500). */
  limit?: number;
}

/** The audit log: append inside a write's transaction, list newest first. */
export interface AuditRepository {
  append(entry: AuditEntryInput): Promise<void>;
  list(options: ListAuditOptions): Promise<AuditEntry[]>;
}

/** Appends an audit entry on the given database or transaction. */
export async function appendAudit(database: StoreDatabase, entry: AuditEntryInput): Promise<void> {
  await database.insert(auditLog).values({
    workspaceId: entry.workspaceId,
    actorKind: entry.actor?.kind ?? null,
    actorId: entry.actor?.id ?? null,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    details: entry.details ?? {},
  });
}

/** Creates the audit repository over a session. */
export function createAuditRepository(session: StoreSession): AuditRepository {
  return {
    append: (entry) => appendAudit(session.database, entry),
    async list(options) {
      const conditions: SQL[] = [
        options.workspaceId === null
          ? isNull(auditLog.workspaceId)
          : eq(auditLog.workspaceId, options.workspaceId),
      ];
      if (options.action !== undefined) conditions.push(eq(auditLog.action, options.action));
      if (options.targetId !== undefined) conditions.push(eq(auditLog.targetId, options.targetId));
      if (options.before !== undefined) conditions.push(lt(auditLog.id, options.before));
      const rows = await session.database
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(Math.min(Math.max(options.limit ?? 50, 1), 500));
      return rows.map((row) => ({
        id: row.id,
        workspaceId: row.workspaceId,
        actor:
          row.actorKind === null || row.actorId === null
            ? null
            : { kind: row.actorKind as Actor['kind'], id: row.actorId },
        action: row.action,
        target:
          row.targetKind === null || row.targetId === null
            ? null
            : { kind: row.targetKind, id: row.targetId },
        details: row.details,
        at: row.at,
      }));
    },
  };
}
