import { SkillsetError } from '@skillset/core';
import {
  type CreateSessionResult,
  findInstanceOwner,
  type RedeemedSignInCode,
  type Store,
  type StoreTransaction,
} from '@skillset/store';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { findUserByEmail } from '../identity/find-user-by-email.ts';
import { passOnRefusal } from '../identity/pass-on-refusal.ts';
import { claimDroppedSignInCode } from '../local-server/sign-in-drop-box.ts';

/** Options for {@link exchangeSignInCode}. */
export interface ExchangeSignInCodeOptions {
  store: Store;
  code: string;
  /** The PGlite data folder whose drop box `skillset sign-in-link` may have left the code in. */
  signInDropDir?: string;
}

/** Refuses a link an admin copied when the rule that allowed it no longer holds. */
async function assertStillPassable(
  store: StoreTransaction,
  redeemed: RedeemedSignInCode,
): Promise<void> {
  const { passedOn, userId } = redeemed;
  if (passedOn === undefined) return;
  const { workspaceId } = passedOn;
  const user = await store.users.get(userId);
  const memberRole = await store.members.getRole(workspaceId, userId);
  const issuerRole = await store.members.getRole(workspaceId, passedOn.by);
  const refusal = await passOnRefusal(store, {
    workspaceId,
    issuer: { userId: passedOn.by, role: issuerRole },
    member: { userId, role: memberRole, instanceAdmin: user?.instanceAdmin === true },
  });
  if (refusal === undefined) return;
  throw new SkillsetError<ServerErrorCode>({
    code: 'sign_in_link_not_allowed',
    message: `This sign-in link no longer works: an admin copied it to pass on, and ${refusal}. Sign in by a link mailed to your own address, single sign-on, or ask the admin for a new link.`,
  });
}

function redeem(store: Store, code: string): Promise<CreateSessionResult> {
  return store.transaction(async (transaction) => {
    const redeemed = await transaction.signInCodes.redeem(code);
    await assertStillPassable(transaction, redeemed);
    return transaction.sessions.create({ userId: redeemed.userId });
  });
}

/**
 * Exchanges a one-time sign-in code for a new session (the code is then used); throws
 * `code_not_found`, `code_used`, `code_expired`, or `sign_in_link_not_allowed` for a link an
 * admin copied whose rule no longer holds (the code then stays unused).
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
