import { randomBytes, randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import { sha256 } from '../content/sha256.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { agents } from '../schema/agents.ts';
import { members, type WorkspaceRole } from '../schema/members.ts';
import { type PrincipalKind, tokens } from '../schema/tokens.ts';
import { users } from '../schema/users.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { Actor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';

/** A token as listed: never the secret, never its hash. */
export interface TokenInfo {
  id: string;
  name: string;
  /** The first characters of the token, for people to recognise it. */
  prefix: string;
  principalKind: PrincipalKind;
  principalId: string;
  /** The workspace the token is limited to (always set for agent tokens). */
  workspaceId: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Whom a new token authenticates. */
export type TokenPrincipal =
  | { kind: 'user'; userId: string; workspaceId?: string }
  | { kind: 'agent'; agentId: string; workspaceId: string };

/** Options for {@link TokensRepository.create}. */
export interface CreateTokenOptions {
  name: string;
  principal: TokenPrincipal;
  /** Use this secret instead of a random one (e.g. `SKILLSET_ADMIN_TOKEN`). */
  secret?: string;
  expiresAt?: Date;
  actor?: Actor;
}

/** A created token: the secret is returned here once and never stored. */
export interface CreateTokenResult {
  token: string;
  info: TokenInfo;
}

/** Who a valid token belongs to. */
export type AuthenticatedPrincipal =
  | {
      kind: 'user';
      tokenId: string;
      userId: string;
      instanceAdmin: boolean;
      /** The workspace in question (the token's, or the one asked about), when any. */
      workspaceId?: string;
      /** The user's role in `workspaceId`; absent when not a member. */
      role?: WorkspaceRole;
    }
  | {
      kind: 'agent';
      tokenId: string;
      agentId: string;
      workspaceId: string;
      actsForUserId?: string;
    };

/** Options for {@link TokensRepository.authenticate}. */
export interface AuthenticateOptions {
  /** Resolve the user's role in this workspace; a token limited to another workspace fails. */
  workspaceId?: string;
}

/** Options for {@link TokensRepository.list}. */
export interface ListTokensOptions {
  principalKind?: PrincipalKind;
  principalId?: string;
  /** Only tokens limited to this workspace. */
  workspaceId?: string;
  includeRevoked?: boolean;
}

/** Bearer tokens, stored as sha256 hashes. */
export interface TokensRepository {
  create(options: CreateTokenOptions): Promise<CreateTokenResult>;
  authenticate(
    token: string,
    options?: AuthenticateOptions,
  ): Promise<AuthenticatedPrincipal | undefined>;
  list(options?: ListTokensOptions): Promise<TokenInfo[]>;
  get(id: string): Promise<TokenInfo | undefined>;
  /** Revokes a token (limited to `workspaceId` when given); false when unknown or already revoked. */
  revoke(options: { id: string; workspaceId?: string; actor?: Actor }): Promise<boolean>;
}

/** The prefix of every generated token. */
export const TOKEN_PREFIX = 'sks_';
const DISPLAY_PREFIX_LENGTH = 12;

/** Generates a new random token secret. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The hash a token is stored and looked up by. */
export function hashToken(token: string): string {
  return sha256(token);
}

const infoColumns = {
  id: tokens.id,
  name: tokens.name,
  prefix: tokens.prefix,
  principalKind: tokens.principalKind,
  principalId: tokens.principalId,
  workspaceId: tokens.workspaceId,
  createdAt: tokens.createdAt,
  lastUsedAt: tokens.lastUsedAt,
  expiresAt: tokens.expiresAt,
  revokedAt: tokens.revokedAt,
};

/** Creates the tokens repository over a session. */
export function createTokensRepository(session: StoreSession): TokensRepository {
  return {
    create: (options) =>
      runInTransaction(session, async (database) => {
        const { principal } = options;
        if (principal.kind === 'agent') {
          const [agent] = await database
            .select({ id: agents.id })
            .from(agents)
            .where(
              and(eq(agents.id, principal.agentId), eq(agents.workspaceId, principal.workspaceId)),
            );
          if (agent === undefined) {
            throw new SkillsetError<StoreErrorCode>({
              code: 'agent_not_found',
              message: `No agent ${principal.agentId} in workspace ${principal.workspaceId}.`,
              details: { agentId: principal.agentId, workspaceId: principal.workspaceId },
            });
          }
        }
        const token = options.secret ?? generateToken();
        if (token.length < 16) {
          throw new SkillsetError<StoreErrorCode>({
            code: 'token_too_short',
            message: 'A token must have at least 16 characters.',
          });
        }
        const [row] = await database
          .insert(tokens)
          .values({
            id: randomUUID(),
            hash: hashToken(token),
            prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
            name: options.name,
            principalKind: principal.kind,
            principalId: principal.kind === 'user' ? principal.userId : principal.agentId,
            workspaceId: principal.workspaceId ?? null,
            expiresAt: options.expiresAt ?? null,
          })
          .returning(infoColumns);
        const info = row as TokenInfo;
        await appendAudit(database, {
          workspaceId: info.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'token.create',
          target: { kind: 'token', id: info.id },
          details: {
            name: info.name,
            principalKind: info.principalKind,
            principalId: info.principalId,
          },
        });
        return { token, info };
      }),
    async authenticate(token, options = {}) {
      const { database } = session;
      const [row] = await database
        .select()
        .from(tokens)
        .where(and(eq(tokens.hash, hashToken(token)), isNull(tokens.revokedAt)));
      if (row === undefined) return undefined;
      if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now()) return undefined;
      if (
        options.workspaceId !== undefined &&
        row.workspaceId !== null &&
        row.workspaceId !== options.workspaceId
      ) {
        return undefined;
      }
      await database
        .update(tokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(tokens.id, row.id),
            sql`(${tokens.lastUsedAt} is null or ${tokens.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
      if (row.principalKind === 'agent') {
        const [agent] = await database.select().from(agents).where(eq(agents.id, row.principalId));
        if (agent === undefined || agent.workspaceId !== row.workspaceId) return undefined;
        return {
          kind: 'agent',
          tokenId: row.id,
          agentId: agent.id,
          workspaceId: agent.workspaceId,
          ...(agent.actsForUserId === null ? {} : { actsForUserId: agent.actsForUserId }),
        };
      }
      const [user] = await database.select().from(users).where(eq(users.id, row.principalId));
      if (user === undefined) return undefined;
      const workspaceId = options.workspaceId ?? row.workspaceId ?? undefined;
      let role: WorkspaceRole | undefined;
      if (workspaceId !== undefined) {
        const [membership] = await database
          .select({ role: members.role })
          .from(members)
          .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, user.id)));
        role = membership?.role;
      }
      return {
        kind: 'user',
        tokenId: row.id,
        userId: user.id,
        instanceAdmin: user.instanceAdmin,
        ...(workspaceId === undefined ? {} : { workspaceId }),
        ...(role === undefined ? {} : { role }),
      };
    },
    async list(options = {}) {
      const conditions: SQL[] = [];
      if (options.principalKind !== undefined) {
        conditions.push(eq(tokens.principalKind, options.principalKind));
      }
      if (options.principalId !== undefined) {
        conditions.push(eq(tokens.principalId, options.principalId));
      }
      if (options.workspaceId !== undefined) {
        conditions.push(eq(tokens.workspaceId, options.workspaceId));
      }
      if (options.includeRevoked !== true) conditions.push(isNull(tokens.revokedAt));
      return session.database
        .select(infoColumns)
        .from(tokens)
        .where(and(...conditions))
        .orderBy(desc(tokens.createdAt), desc(tokens.id));
    },
    async get(id) {
      const [row] = await session.database
        .select(infoColumns)
        .from(tokens)
        .where(eq(tokens.id, id));
      return row;
    },
    revoke: (options) =>
      runInTransaction(session, async (database) => {
        const conditions: SQL[] = [eq(tokens.id, options.id), isNull(tokens.revokedAt)];
        if (options.workspaceId !== undefined) {
          conditions.push(eq(tokens.workspaceId, options.workspaceId));
        }
        const rows = await database
          .update(tokens)
          .set({ revokedAt: sql`now()` })
          .where(and(...conditions))
          .returning({ id: tokens.id, workspaceId: tokens.workspaceId, name: tokens.name });
        const row = rows[0];
        if (row === undefined) return false;
        await appendAudit(database, {
          workspaceId: row.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: 'token.revoke',
          target: { kind: 'token', id: row.id },
          details: { name: row.name },
        });
        await notifyAccessChange(database, {
          kind: 'token',
          workspaceId: row.workspaceId,
          id: row.id,
        });
        return true;
      }),
  };
}
