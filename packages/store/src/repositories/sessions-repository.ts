import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';
import { generateSecret, hashSecret } from './one-time-code.ts';

/** How long a web session lasts unless revoked: 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A session as listed: never the secret. */
export interface SessionInfo {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Options for {@link SessionsRepository.create}. */
export interface CreateSessionOptions {
  userId: string;
  /** Lifetime in milliseconds (default {@link SESSION_TTL_MS}). */
  ttlMs?: number;
}

/** A created session: `secret` goes into the cookie and is never stored. */
export interface CreateSessionResult {
  secret: string;
  session: SessionInfo;
}

/** Who a valid session belongs to. */
export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
  instanceAdmin: boolean;
}

/** Web sessions, stored as sha256 hashes of the cookie's random id. */
export interface SessionsRepository {
  create(options: CreateSessionOptions): Promise<CreateSessionResult>;
  /** The session's user, or undefined when the secret is unknown, revoked or expired. */
  authenticate(secret: string): Promise<AuthenticatedSession | undefined>;
  get(id: string): Promise<SessionInfo | undefined>;
  /** Ends a session; false when unknown or already ended. */
  revoke(id: string): Promise<boolean>;
  /** Ends every session of a user; returns how many were open. */
  revokeForUser(userId: string): Promise<number>;
}

const infoColumns = {
  id: sessions.id,
  userId: sessions.userId,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

/** Creates the sessions repository over a session. */
export function createSessionsRepository(session: StoreSession): SessionsRepository {
  return {
    create: (options) =>
      runInTransaction(session, async (database) => {
        const secret = generateSecret();
        const [row] = await database
          .insert(sessions)
          .values({
            id: randomUUID(),
            hash: hashSecret(secret),
            userId: options.userId,
            expiresAt: new Date(Date.now() + (options.ttlMs ?? SESSION_TTL_MS)),
          })
          .returning(infoColumns);
        return { secret, session: row as SessionInfo };
      }),
    async authenticate(secret) {
      const { database } = session;
      const [row] = await database
        .select({ id: sessions.id, userId: sessions.userId, instanceAdmin: users.instanceAdmin })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.hash, hashSecret(secret)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        );
      if (row === undefined) return undefined;
      await database
        .update(sessions)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(sessions.id, row.id),
            sql`(${sessions.lastUsedAt} is null or ${sessions.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
      return { sessionId: row.id, userId: row.userId, instanceAdmin: row.instanceAdmin };
    },
    async get(id) {
      const [row] = await session.database
        .select(infoColumns)
        .from(sessions)
        .where(eq(sessions.id, id));
      return row;
    },
    async revoke(id) {
      const rows = await session.database
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (rows.length === 0) return false;
      await notifyAccessChange(session.database, { kind: 'session', workspaceId: null, id });
      return true;
    },
    async revokeForUser(userId) {
      const rows = await session.database
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: sessions.id });
      if (rows.length > 0) {
        await notifyAccessChange(session.database, { kind: 'session', workspaceId: null });
      }
      return rows.length;
    },
  };
}
