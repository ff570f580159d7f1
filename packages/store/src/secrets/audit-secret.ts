import type { StoreDatabase } from '../database/store-database.ts';
import type { Actor } from '../repositories/actor.ts';
import { appendAudit } from '../repositories/audit-repository.ts';

/** Audits a change of a secret: its name, skills and approvals, never its value. */
export function auditSecret(
  database: StoreDatabase,
  action: 'secret.set' | 'secret.delete' | 'secret.approve',
  target: { workspaceId: string; name: string; actor?: Actor | undefined },
  details: Record<string, unknown>,
): Promise<void> {
  return appendAudit(database, {
    workspaceId: target.workspaceId,
    ...(target.actor === undefined ? {} : { actor: target.actor }),
    action,
    target: { kind: 'secret', id: target.name },
    details: { name: target.name, ...details },
  });
}
