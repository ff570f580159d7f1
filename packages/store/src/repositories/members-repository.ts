import { SkillsetError } from '@skillset/core';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { members, WORKSPACE_ROLES, type WorkspaceRole } from '../schema/members.ts';
import { users } from '../schema/users.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { Actor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';
import type { StoredUser } from './users-repository.ts';

/** A member of a workspace, with the user's details. */
export interface WorkspaceMember {
  workspaceId: string;
  role: WorkspaceRole;
  /** May publish others' proposals (admins and owners always may). */
  canReview: boolean;
  user: StoredUser;
  createdAt: Date;
}

/** Options for {@link MembersRepository.add} and {@link MembersRepository.setRole}. */
export interface SetMemberRoleOptions {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  actor?: Actor;
}

/** Options for {@link MembersRepository.remove}. */
export interface RemoveMemberOptions {
  workspaceId: string;
  userId: string;
  actor?: Actor;
}

/** Options for {@link MembersRepository.setReviewer}. */
export interface SetReviewerOptions {
  workspaceId: string;
  userId: string;
  canReview: boolean;
  actor?: Actor;
}

/** Workspace membership and roles; a workspace always keeps at least one owner. */
export interface MembersRepository {
  /** Adds a user to a workspace, or changes the role when already a member. */
  add(options: SetMemberRoleOptions): Promise<void>;
  /** Changes a member's role; false when the user is not a member. */
  setRole(options: SetMemberRoleOptions): Promise<boolean>;
  /** Removes a member; false when the user was not a member. */
  remove(options: RemoveMemberOptions): Promise<boolean>;
  list(workspaceId: string): Promise<WorkspaceMember[]>;
  getRole(workspaceId: string, userId: string): Promise<WorkspaceRole | undefined>;
  /** Gives or takes a member's right to publish others' proposals; false when not a member. */
  setReviewer(options: SetReviewerOptions): Promise<boolean>;
  /** True when the user may publish others' proposals: an owner, an admin or a member with the grant. */
  mayReview(workspaceId: string, userId: string): Promise<boolean>;
}

/** True when `role` is at least as strong as `minimum` (owner > admin > member > viewer). */
export function hasRole(role: WorkspaceRole | undefined, minimum: WorkspaceRole): boolean {
  if (role === undefined) return false;
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(minimum);
}

async function assertAnotherOwner(
  database: StoreDatabase,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const others = await database
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.workspaceId, workspaceId),
        eq(members.role, 'owner'),
        ne(members.userId, userId),
      ),
    )
    .for('update');
  if (others.length === 0) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'last_owner',
      message: `User ${userId} is the last owner of workspace ${workspaceId}; make another member owner first.`,
      details: { workspaceId, userId },
    });
  }
}

async function currentRole(
  database: StoreDatabase,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | undefined> {
  const [row] = await database
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)));
  return row?.role;
}

function checkRole(role: string): void {
  if (!(WORKSPACE_ROLES as readonly string[]).includes(role)) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_role',
      message: `Invalid role ${JSON.stringify(role)}; use one of ${WORKSPACE_ROLES.join(', ')}.`,
      details: { role },
    });
  }
}

/** Creates the members repository over a session. */
export function createMembersRepository(session: StoreSession): MembersRepository {
  const setRole = (options: SetMemberRoleOptions, insert: boolean) =>
    runInTransaction(session, async (database) => {
      checkRole(options.role);
      const previous = await currentRole(database, options.workspaceId, options.userId);
      if (previous === undefined && !insert) return false;
      if (previous === 'owner' && options.role !== 'owner') {
        await assertAnotherOwner(database, options.workspaceId, options.userId);
      }
      await database
        .insert(members)
        .values({ workspaceId: options.workspaceId, userId: options.userId, role: options.role })
        .onConflictDoUpdate({
          target: [members.workspaceId, members.userId],
          set: { role: options.role },
        });
      await appendAudit(database, {
        workspaceId: options.workspaceId,
        ...(options.actor === undefined ? {} : { actor: options.actor }),
        action: previous === undefined ? 'member.add' : 'member.role',
        target: { kind: 'user', id: options.userId },
        details: { role: options.role, ...(previous === undefined ? {} : { previous }) },
      });
      await notifyAccessChange(database, {
        kind: 'member',
        workspaceId: options.workspaceId,
        id: options.userId,
      });
      return true;
    });
  return {
    async add(options) {
      await setRole(options, true);
    },
    setRole: (options) => setRole(options, false),
    remove: (options) =>
      runInTransaction(session, async (database) => {
        const previous = await currentRole(database, options.workspaceId, options.userId);
        if (previous === undefined) return false;
        if (previous === 'owner') {
          await assertAnotherOwner(database, options.workspaceId, options.userId);
        }
        await database
          .delete(members)
          .where(
            and(eq(members.workspaceId, options.workspaceId), eq(members.userId, options.userId)),
          );
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'member.remove',
          target: { kind: 'user', id: options.userId },
          details: { role: previous },
        });
        await notifyAccessChange(database, {
          kind: 'member',
          workspaceId: options.workspaceId,
          id: options.userId,
        });
        return true;
      }),
    async list(workspaceId) {
      return session.database
        .select({
          workspaceId: members.workspaceId,
          role: members.role,
          canReview: members.canReview,
          user: users,
          createdAt: members.createdAt,
        })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(eq(members.workspaceId, workspaceId))
        .orderBy(asc(members.createdAt), asc(sql`lower(${users.name})`));
    },
    getRole: (workspaceId, userId) => currentRole(session.database, workspaceId, userId),
    setReviewer: (options) =>
      runInTransaction(session, async (database) => {
        const [row] = await database
          .update(members)
          .set({ canReview: options.canReview })
          .where(
            and(eq(members.workspaceId, options.workspaceId), eq(members.userId, options.userId)),
          )
          .returning({ userId: members.userId });
        if (row === undefined) return false;
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: options.canReview ? 'member.reviewer.grant' : 'member.reviewer.revoke',
          target: { kind: 'user', id: options.userId },
        });
        return true;
      }),
    async mayReview(workspaceId, userId) {
      const [row] = await session.database
        .select({ role: members.role, canReview: members.canReview })
        .from(members)
        .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)));
      if (row === undefined) return false;
      return hasRole(row.role, 'admin') || (row.role === 'member' && row.canReview);
    },
  };
}
