import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { asc, count, eq, sql } from 'drizzle-orm';
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
  instanceAdmin?: boolean;
}

/** Fields of a user that may change. */
export interface UpdateUserOptions {
  name?: string;
  email?: string | null;
  instanceAdmin?: boolean;
}

/** Instance users (not workspace-scoped: membership is in `members`). */
export interface UsersRepository {
  create(options: CreateUserOptions): Promise<StoredUser>;
  get(id: string): Promise<StoredUser | undefined>;
  getByEmail(email: string): Promise<StoredUser | undefined>;
  list(): Promise<StoredUser[]>;
  count(): Promise<number>;
  update(id: string, changes: UpdateUserOptions): Promise<StoredUser | undefined>;
}

function emailTaken(
  email: string | undefined | null,
  cause: unknown,
): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'email_taken',
    message: `A user with the email ${JSON.stringify(email)} already exists.`,
    details: { email },
    cause,
  });
}

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
            email: options.email ?? null,
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
    async getByEmail(email) {
      const [row] = await database
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },
    list: () => database.select().from(users).orderBy(asc(users.createdAt), asc(users.id)),
    async count() {
      const [row] = await database.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
    async update(id, changes) {
      try {
        const [row] = await database.update(users).set(changes).where(eq(users.id, id)).returning();
        if (row !== undefined && changes.instanceAdmin !== undefined) {
          await notifyAccessChange(database, { kind: 'user', workspaceId: null, id });
        }
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(changes.email, error);
        throw error;
      }
    },
  };
}
