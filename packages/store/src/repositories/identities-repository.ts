import { and, eq, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { userIdentities } from '../schema/user-identities.ts';

/** A user's account at an OpenID Connect provider. */
export type StoredIdentity = typeof userIdentities.$inferSelect;

/** Options for {@link IdentitiesRepository.link}. */
export interface LinkIdentityOptions {
  issuer: string;
  subject: string;
  userId: string;
  email?: string;
}

/** Accounts at OpenID Connect providers, keyed by issuer and subject, each tied to one user. */
export interface IdentitiesRepository {
  /** The identity of a provider's subject, marked used now; undefined when not linked yet. */
  use(issuer: string, subject: string, email?: string): Promise<StoredIdentity | undefined>;
  /** Ties a provider's subject to a user; false when it is already tied (to anyone). */
  link(options: LinkIdentityOptions): Promise<boolean>;
  listForUser(userId: string): Promise<StoredIdentity[]>;
}

/** Creates the identities repository over a session. */
export function createIdentitiesRepository(session: StoreSession): IdentitiesRepository {
  const { database } = session;
  return {
    async use(issuer, subject, email) {
      const [row] = await database
        .update(userIdentities)
        .set({ lastUsedAt: sql`now()`, ...(email === undefined ? {} : { email }) })
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .returning();
      return row;
    },
    async link(options) {
      const rows = await database
        .insert(userIdentities)
        .values({
          issuer: options.issuer,
          subject: options.subject,
          userId: options.userId,
          email: options.email ?? null,
          lastUsedAt: sql`now()`,
        })
        .onConflictDoNothing()
        .returning({ userId: userIdentities.userId });
      return rows.length > 0;
    },
    listForUser: (userId) =>
      database.select().from(userIdentities).where(eq(userIdentities.userId, userId)),
  };
}
