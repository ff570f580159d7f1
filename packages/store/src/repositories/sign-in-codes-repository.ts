import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { signInCodes } from '../schema/sign-in-codes.ts';
import { appendAudit } from './audit-repository.ts';
import { closedCodeError, generateSecret, hashSecret } from './one-time-code.ts';
import { createUsersRepository } from './users-repository.ts';

/** How long a sign-in code stays valid: 15 minutes. */
export const SIGN_IN_CODE_TTL_MS = 15 * 60 * 1000;

/** Options for {@link SignInCodesRepository.create}. */
export interface CreateSignInCodeOptions {
  userId: string;
  /** The address the link is mailed to: redeeming the code then proves it for the user. */
  provesEmail?: string;
  /** Lifetime in milliseconds (default {@link SIGN_IN_CODE_TTL_MS}). */
  ttlMs?: number;
  /** An admin copied the link to pass on: the rule that allowed it is checked again on use. */
  passedOn?: PassedOnSignIn;
}

/** Where and by whom a sign-in link to pass on was copied. */
export interface PassedOnSignIn {
  workspaceId: string;
  /** The admin who copied it. */
  by: string;
}

/** A redeemed code: the user it signs in, and for a copied link who copied it where. */
export interface RedeemedSignInCode {
  userId: string;
  passedOn?: PassedOnSignIn;
}

/** A created sign-in code: the plaintext is returned here once and never stored. */
export interface CreateSignInCodeResult {
  code: string;
  expiresAt: Date;
}

/** Options for {@link SignInCodesRepository.createHashed}: a code made elsewhere, by its hash. */
export interface CreateHashedSignInCodeOptions {
  hash: string;
  userId: string;
  expiresAt: Date;
}

/** Short-lived, one-time codes that a sign-in link carries; each is exchanged once for a session. */
export interface SignInCodesRepository {
  create(options: CreateSignInCodeOptions): Promise<CreateSignInCodeResult>;
  /** Stores a code whose plaintext only its creator knows (e.g. `skillset sign-in-link`). */
  createHashed(options: CreateHashedSignInCodeOptions): Promise<void>;
  /**
   * Marks the code used and returns its user (whose mailed address it proves, unless another
   * account proved it first); throws `code_not_found`, `code_used` or `code_expired` otherwise.
   * Two concurrent redemptions: exactly one succeeds. The caller checks a copied link's rule
   * inside the same transaction, so a refusal leaves the code unused.
   */
  redeem(code: string): Promise<RedeemedSignInCode>;
}

const HINT = 'run `skillset sign-in-link` (or restart the server) for a new link.';

/** Creates the sign-in codes repository over a session. */
export function createSignInCodesRepository(session: StoreSession): SignInCodesRepository {
  const insert = (
    hash: string,
    userId: string,
    expiresAt: Date,
    options: Pick<CreateSignInCodeOptions, 'provesEmail' | 'passedOn'> = {},
  ) =>
    session.database.insert(signInCodes).values({
      id: randomUUID(),
      hash,
      userId,
      expiresAt,
      provesEmail: options.provesEmail ?? null,
      passedOnWorkspaceId: options.passedOn?.workspaceId ?? null,
      passedOnBy: options.passedOn?.by ?? null,
    });
  return {
    async create(options) {
      const code = generateSecret();
      const expiresAt = new Date(Date.now() + (options.ttlMs ?? SIGN_IN_CODE_TTL_MS));
      await insert(hashSecret(code), options.userId, expiresAt, options);
      return { code, expiresAt };
    },
    async createHashed(options) {
      await insert(options.hash, options.userId, options.expiresAt).onConflictDoNothing();
    },
    redeem: (code) =>
      runInTransaction(session, async (database) => {
        const hash = hashSecret(code);
        const [used] = await database
          .update(signInCodes)
          .set({ usedAt: sql`now()` })
          .where(
            sql`${signInCodes.hash} = ${hash} and ${signInCodes.usedAt} is null and ${signInCodes.expiresAt} > now()`,
          )
          .returning({
            userId: signInCodes.userId,
            provesEmail: signInCodes.provesEmail,
            passedOnWorkspaceId: signInCodes.passedOnWorkspaceId,
            passedOnBy: signInCodes.passedOnBy,
          });
        if (used !== undefined) {
          if (used.provesEmail !== null) {
            const users = createUsersRepository({ database });
            if ((await users.getByVerifiedEmail(used.provesEmail)) === undefined) {
              await users.verifyEmail(used.userId, used.provesEmail);
            }
          }
          await appendAudit(database, {
            workspaceId: null,
            actor: { kind: 'user', id: used.userId },
            action: 'session.sign_in',
            target: { kind: 'user', id: used.userId },
          });
          const { passedOnWorkspaceId: workspaceId, passedOnBy: by } = used;
          return workspaceId === null || by === null
            ? { userId: used.userId }
            : { userId: used.userId, passedOn: { workspaceId, by } };
        }
        const [row] = await database
          .select({ usedAt: signInCodes.usedAt })
          .from(signInCodes)
          .where(eq(signInCodes.hash, hash));
        const reason =
          row === undefined ? 'code_not_found' : row.usedAt !== null ? 'code_used' : 'code_expired';
        throw closedCodeError(reason, 'sign-in link', HINT);
      }),
  };
}
