import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { notifyAccessChange } from '../changes/notify-access-change.ts';
import { isUniqueViolation } from '../database/is-unique-violation.ts';
import type { StoreSession } from '../database/store-session.ts';
import { users } from '../schema/users.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';

/** An instance user. */
export type StoredUser = typeof users.$inferSelect;

/** Options for {@link UsersRepository.create}. */
export interface CreateUserOptions {
  name: string;
  email?: string;
  /** The address is proven (a mailed link was followed, or a provider vouched for it). */
  emailVerified?: boolean;
  instanceAdmin?: boolean;
}

/** Fields of a user that may change. */
export interface UpdateUserOptions {
  name?: string;
  instanceAdmin?: boolean;
}

/** Instance users (not workspace-scoped: membership is in `members`). */
export interface UsersRepository {
  create(options: CreateUserOptions): Promise<StoredUser>;
  get(id: string): Promise<StoredUser | undefined>;
  /** The account whose *verified* address this is; an unverified claim is never found here. */
  getByVerifiedEmail(email: string): Promise<StoredUser | undefined>;
  /** Every account that claims the address, verified or not, oldest first (for operators). */
  listByEmail(email: string): Promise<StoredUser[]>;
  list(): Promise<StoredUser[]>;
  count(): Promise<number>;
  update(id: string, changes: UpdateUserOptions): Promise<StoredUser | undefined>;
  /**
   * Marks the user's address proven when it is `email` (case-insensitively); false when the
   * account claims another address. Throws `email_taken` when another account verified it first.
   */
  verifyEmail(id: string, email: string): Promise<boolean>;
  /** Sets the workspace of requests that name none (the caller checks membership). */
  setDefaultWorkspace(id: string, workspaceId: string | null): Promise<void>;
}

function emailTaken(
  email: string | undefined | null,
  cause: unknown,
): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'email_taken',
    message: `Another account has already proven the address ${JSON.stringify(email)}; sign in to that account.`,
    details: { email },
    cause,
  });
}

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** Creates the users repository over a session. */
export function createUsersRepository(session: StoreSession): UsersRepository {
  const { database } = session;
  return {
    async create(options) {
      try {
        const [row] = await database
          .insert(users)
          .values({
            id: randomUUID(),
            name: options.name,
            email: options.email?.trim() ?? null,
            emailVerifiedAt: options.emailVerified === true ? sql`now()` : null,
            instanceAdmin: options.instanceAdmin ?? false,
          })
          .returning();
        return row as StoredUser;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(options.email, error);
        throw error;
      }
    },
    async get(id) {
      const [row] = await database.select().from(users).where(eq(users.id, id));
      return row;
    },
    async getByVerifiedEmail(email) {
      const [row] = await database
        .select()
        .from(users)
        .where(and(sameEmail(email), isNotNull(users.emailVerifiedAt)));
      return row;
    },
    listByEmail: (email) =>
      database.select().from(users).where(sameEmail(email)).orderBy(asc(users.createdAt)),
    list: () => database.select().from(users).orderBy(asc(users.createdAt), asc(users.id)),
    async count() {
      const [row] = await database.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
    async update(id, changes) {
      const [row] = await database.update(users).set(changes).where(eq(users.id, id)).returning();
      if (row !== undefined && changes.instanceAdmin !== undefined) {
        await notifyAccessChange(database, { kind: 'user', workspaceId: null, id });
      }
      return row;
    },
    async verifyEmail(id, email) {
      try {
        const rows = await database
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(and(eq(users.id, id), sameEmail(email)))
          .returning({ id: users.id });
        return rows.length > 0;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(email, error);
        throw error;
      }
    },
    async setDefaultWorkspace(id, workspaceId) {
      await database.update(users).set({ defaultWorkspaceId: workspaceId }).where(eq(users.id, id));
      await notifyAccessChange(database, { kind: 'user', workspaceId: null, id });
    },
  };
}
