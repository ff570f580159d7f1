import { and, eq, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { skillApprovals } from '../schema/skill-approvals.ts';

/** Which remembered approval: a principal's (`user:<id>` or `agent:<id>`) for one skill action in one workspace. */
export interface SkillApprovalKey {
  workspaceId: string;
  principal: string;
  skill: string;
  /** `use`, or `run:<script path>`. */
  action: string;
}

/** Approvals answered "always", each bound to the content digest of the skill it approved. */
export interface ApprovalsRepository {
  /** The digest the approval was given for, or undefined when there is none. */
  find(key: SkillApprovalKey): Promise<string | undefined>;
  /** Keeps the approval with `digest`, replacing an earlier one. */
  save(key: SkillApprovalKey, digest: string): Promise<void>;
  remove(key: SkillApprovalKey): Promise<void>;
}

/** Creates the approvals repository over a session. */
export function createApprovalsRepository(session: StoreSession): ApprovalsRepository {
  const { database } = session;
  const matches = (key: SkillApprovalKey) =>
    and(
      eq(skillApprovals.workspaceId, key.workspaceId),
      eq(skillApprovals.principal, key.principal),
      eq(skillApprovals.skill, key.skill),
      eq(skillApprovals.action, key.action),
    );
  return {
    async find(key) {
      const [row] = await database
        .select({ digest: skillApprovals.digest })
        .from(skillApprovals)
        .where(matches(key));
      return row?.digest;
    },
    async save(key, digest) {
      await database
        .insert(skillApprovals)
        .values({ ...key, digest })
        .onConflictDoUpdate({
          target: [
            skillApprovals.workspaceId,
            skillApprovals.principal,
            skillApprovals.skill,
            skillApprovals.action,
          ],
          set: { digest, createdAt: sql`now()` },
        });
    },
    async remove(key) {
      await database.delete(skillApprovals).where(matches(key));
    },
  };
}
