import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { type InvitationKind, invitations } from '../schema/invitations.ts';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../schema/members.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { Actor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';
import { createMembersRepository } from './members-repository.ts';
import { closedCodeError, generateSecret, hashSecret } from './one-time-code.ts';
import { createUsersRepository, type StoredUser } from './users-repository.ts';

/** How long an invitation stays open: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where an invitation stands. */
export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation as listed: never the code. */
export interface InvitationInfo {
  id: string;
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  kind: InvitationKind;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  revokedAt: Date | null;
  status: InvitationStatus;
}

/** Options for {@link InvitationsRepository.create}. */
export interface CreateInvitationOptions {
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  /** `email`: mailed to the address and bound to it; `open_link`: passed on, whoever holds it joins. */
  kind: InvitationKind;
  /** Lifetime in milliseconds (default {@link INVITATION_TTL_MS}). */
  ttlMs?: number;
  actor?: Actor;
}

/** A created invitation: the code is returned here once and never stored. */
export interface CreateInvitationResult {
  code: string;
  invitation: InvitationInfo;
}

/** Options for {@link InvitationsRepository.accept}. */
export interface AcceptInvitationOptions {
  code: string;
  /**
   * The signed-in user who accepts (for an `email` invitation, only the account that proved the
   * address); without it a new account is created for the invited email.
   */
  userId?: string;
  /** The new account's display name (required when a new account is created). */
  displayName?: string;
}

/** Options for {@link InvitationsRepository.acceptAsVerified}. */
export interface AcceptAsVerifiedOptions {
  invitationId: string;
  /** A user whose verified address is the invited one. */
  userId: string;
}

/** Who joined: the user, their role in the workspace, and whether the account is new. */
export interface AcceptInvitationResult {
  invitation: InvitationInfo;
  user: StoredUser;
  role: WorkspaceRole;
  createdUser: boolean;
}

/** Invitations to join a workspace: one-time codes, stored hashed, that expire. */
export interface InvitationsRepository {
  create(options: CreateInvitationOptions): Promise<CreateInvitationResult>;
  /** The workspace's invitations, newest first; only pending ones unless `includeClosed`. */
  list(workspaceId: string, options?: { includeClosed?: boolean }): Promise<InvitationInfo[]>;
  /** The invitation a code opens, whatever its status; undefined for an unknown code. */
  findByCode(code: string): Promise<InvitationInfo | undefined>;
  /** The pending invitations, in every workspace, for an address (offer them only to its verified owner). */
  listPendingForEmail(email: string): Promise<InvitationInfo[]>;
  /** Revokes a pending invitation of the workspace; false when unknown or no longer pending. */
  revoke(options: { workspaceId: string; id: string; actor?: Actor }): Promise<boolean>;
  /**
   * Accepts a pending invitation: the signed-in user joins with the role (a member keeps a
   * stronger role) — for an `email` invitation only when that account proved the invited address,
   * else `invitation_not_yours`; without one, a mailed link signs in the account that proved the
   * address, and otherwise a new account joins (verified when the link was mailed). An unverified
   * account that claims the address changes nothing. Throws `code_not_found`, `code_used`,
   * `code_revoked`, `code_expired`, `invitation_not_yours` or `invalid_display_name`.
   */
  accept(options: AcceptInvitationOptions): Promise<AcceptInvitationResult>;
  /** Accepts a pending invitation without its code, for the user who proved the invited address. */
  acceptAsVerified(options: AcceptAsVerifiedOptions): Promise<AcceptInvitationResult>;
}

type InvitationRow = typeof invitations.$inferSelect;

function statusOf(row: InvitationRow): InvitationStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.acceptedAt !== null) return 'accepted';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'pending';
}

function toInfo(row: InvitationRow): InvitationInfo {
  const { hash: _hash, ...info } = row;
  return { ...info, status: statusOf(row) };
}

const HINT = 'ask a workspace admin for a new invitation.';

/** Locks the invitation `where` selects; throws unless it is pending. */
async function lockPending(
  database: StoreDatabase,
  where: SQL,
  what: string,
): Promise<InvitationRow> {
  const [row] = await database.select().from(invitations).where(where).for('update');
  if (row === undefined) throw closedCodeError('code_not_found', what, HINT);
  const status = statusOf(row);
  if (status !== 'pending') {
    const reason = status === 'accepted' ? 'code_used' : (`code_${status}` as const);
    throw closedCodeError(reason, what, HINT);
  }
  return row;
}

/** Whether the user proved `email` (compared case-insensitively). */
function hasProven(user: StoredUser, email: string): boolean {
  return user.emailVerifiedAt !== null && user.email?.toLowerCase() === email.trim().toLowerCase();
}

/** The refusal of a mailed invitation to a signed-in account that has not proven its address. */
function notYours(row: InvitationRow, user: StoredUser): SkillsetError<StoreErrorCode> {
  const invited = JSON.stringify(row.email);
  const claims = user.email?.toLowerCase() === row.email.trim().toLowerCase();
  const why = claims
    ? `your account has not proven that address yet. Prove it first (a sign-in link mailed to ${invited}, which an admin of your workspace can send, proves it), then open this link again`
    : `you are signed in as ${user.name}${user.email === null ? '' : ` (${user.email})`}. Sign in as the account of ${invited}, or sign out and open this link again`;
  return new SkillsetError<StoreErrorCode>({
    code: 'invitation_not_yours',
    message: `This invitation was mailed to ${invited} and only the account that proved that address can accept it; ${why}.`,
    details: { email: row.email },
  });
}

/** The user joins the invitation's workspace (a member keeps a stronger role); audited. */
async function join(
  database: StoreDatabase,
  row: InvitationRow,
  user: StoredUser,
  createdUser: boolean,
): Promise<AcceptInvitationResult> {
  const membersRepository = createMembersRepository({ database });
  const actor: Actor = { kind: 'user', id: user.id };
  const current = await membersRepository.getRole(row.workspaceId, user.id);
  const keep =
    current !== undefined && WORKSPACE_ROLES.indexOf(current) <= WORKSPACE_ROLES.indexOf(row.role);
  if (!keep) {
    await membersRepository.add({
      workspaceId: row.workspaceId,
      userId: user.id,
      role: row.role,
      actor,
    });
  }
  const [accepted] = await database
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
    .where(eq(invitations.id, row.id))
    .returning();
  await appendAudit(database, {
    workspaceId: row.workspaceId,
    actor,
    action: 'invitation.accept',
    target: { kind: 'invitation', id: row.id },
    details: { email: row.email, role: row.role, kind: row.kind, userId: user.id, createdUser },
  });
  const joined = (await createUsersRepository({ database }).get(user.id)) ?? user;
  return {
    invitation: toInfo(accepted as InvitationRow),
    user: joined,
    role: keep ? (current as WorkspaceRole) : row.role,
    createdUser,
  };
}

/** Creates the invitations repository over a session. */
export function createInvitationsRepository(session: StoreSession): InvitationsRepository {
  return {
    create: (options) =>
      runInTransaction(session, async (database) => {
        if (!(WORKSPACE_ROLES as readonly string[]).includes(options.role)) {
          throw new SkillsetError<StoreErrorCode>({
            code: 'invalid_role',
            message: `Invalid role ${JSON.stringify(options.role)}; use one of ${WORKSPACE_ROLES.join(', ')}.`,
          });
        }
        const code = generateSecret();
        const [row] = await database
          .insert(invitations)
          .values({
            id: randomUUID(),
            hash: hashSecret(code),
            workspaceId: options.workspaceId,
            email: options.email.trim(),
            role: options.role,
            kind: options.kind,
            invitedBy: options.actor?.kind === 'user' ? options.actor.id : null,
            expiresAt: new Date(Date.now() + (options.ttlMs ?? INVITATION_TTL_MS)),
          })
          .returning();
        const invitation = toInfo(row as InvitationRow);
        await appendAudit(database, {
          workspaceId: options.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'invitation.create',
          target: { kind: 'invitation', id: invitation.id },
          details: { email: invitation.email, role: invitation.role, kind: invitation.kind },
        });
        return { code, invitation };
      }),
    async list(workspaceId, options = {}) {
      const conditions = [eq(invitations.workspaceId, workspaceId)];
      if (options.includeClosed !== true) {
        conditions.push(
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          sql`${invitations.expiresAt} > now()`,
        );
      }
      const rows = await session.database
        .select()
        .from(invitations)
        .where(and(...conditions))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
      return rows.map(toInfo);
    },
    async findByCode(code) {
      const [row] = await session.database
        .select()
        .from(invitations)
        .where(eq(invitations.hash, hashSecret(code)));
      return row === undefined ? undefined : toInfo(row);
    },
    async listPendingForEmail(email) {
      const rows = await session.database
        .select()
        .from(invitations)
        .where(
          and(
            sql`lower(${invitations.email}) = lower(${email.trim()})`,
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            sql`${invitations.expiresAt} > now()`,
          ),
        )
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
      return rows.map(toInfo);
    },
    revoke: (options) =>
      runInTransaction(session, async (database) => {
        const rows = await database
          .update(invitations)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(invitations.id, options.id),
              eq(invitations.workspaceId, options.workspaceId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .returning();
        const row = rows[0];
        if (row === undefined) return false;
        await appendAudit(database, {
          workspaceId: row.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'invitation.revoke',
          target: { kind: 'invitation', id: row.id },
          details: { email: row.email, role: row.role, kind: row.kind },
        });
        return true;
      }),
    accept: (options) =>
      runInTransaction(session, async (database) => {
        const row = await lockPending(
          database,
          eq(invitations.hash, hashSecret(options.code)),
          'invitation',
        );
        const usersRepository = createUsersRepository({ database });
        const proven = row.kind === 'email';
        if (options.userId !== undefined) {
          const user = await usersRepository.get(options.userId);
          if (user === undefined) throw new TypeError(`no user ${options.userId}`);
          if (proven && !hasProven(user, row.email)) throw notYours(row, user);
          return join(database, row, user, false);
        }
        const owner = proven ? await usersRepository.getByVerifiedEmail(row.email) : undefined;
        if (owner !== undefined) return join(database, row, owner, false);
        const displayName = options.displayName?.trim() ?? '';
        if (displayName === '') {
          throw new SkillsetError<StoreErrorCode>({
            code: 'invalid_display_name',
            message: 'Choose a display name (1 to 100 characters) to accept the invitation.',
          });
        }
        const user = await usersRepository.create({
          name: displayName,
          email: row.email,
          emailVerified: proven,
        });
        return join(database, row, user, true);
      }),
    acceptAsVerified: (options) =>
      runInTransaction(session, async (database) => {
        const row = await lockPending(
          database,
          eq(invitations.id, options.invitationId),
          'invitation',
        );
        const user = await createUsersRepository({ database }).get(options.userId);
        if (user === undefined || !hasProven(user, row.email))
          throw closedCodeError('code_not_found', 'invitation', HINT);
        return join(database, row, user, false);
      }),
  };
}
