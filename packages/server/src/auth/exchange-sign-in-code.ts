import { SkillsetError } from '@skillset/core';
import { type CreateSessionResult, findInstanceOwner, type Store } from '@skillset/store';
import { findUserByEmail } from '../identity/find-user-by-email.ts';
import { claimDroppedSignInCode } from '../local-server/sign-in-drop-box.ts';

/** Options for {@link exchangeSignInCode}. */
export interface ExchangeSignInCodeOptions {
  store: Store;
  code: string;
  /** The PGlite data folder whose drop box `skillset sign-in-link` may have left the code in. */
  signInDropDir?: string;
}

function redeem(store: Store, code: string): Promise<CreateSessionResult> {
  return store.transaction(async (transaction) => {
    const { userId } = await transaction.signInCodes.redeem(code);
    return transaction.sessions.create({ userId });
  });
}

/**
 * Exchanges a one-time sign-in code for a new session (the code is then used); throws
 * `code_not_found`, `code_used` or `code_expired`.
 */
export async function exchangeSignInCode(
  options: ExchangeSignInCodeOptions,
): Promise<CreateSessionResult> {
  const { store, code, signInDropDir } = options;
  try {
    return await redeem(store, code);
  } catch (error) {
    if (
      signInDropDir === undefined ||
      !SkillsetError.isInstance(error) ||
      error.code !== 'code_not_found'
    ) {
      throw error;
    }
    const dropped = await claimDroppedSignInCode(signInDropDir, code);
    if (dropped === undefined) throw error;
    const user =
      dropped.email === undefined
        ? await findInstanceOwner(store)
        : await findUserByEmail(store, dropped.email);
    if (user === undefined) throw error;
    await store.signInCodes.createHashed({
      hash: dropped.hash,
      expiresAt: dropped.expiresAt,
      userId: user.id,
    });
    return redeem(store, code);
  }
}
