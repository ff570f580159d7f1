import { SkillsetError } from '@skillset/core';
import type { Store, StoredUser } from '@skillset/store';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/**
 * The account an operator means by an address: the one that proved it, else the only one that
 * claims it; throws `user_not_found` when none or several unverified accounts claim it.
 */
export async function findUserByEmail(store: Store, email: string): Promise<StoredUser> {
  const verified = await store.users.getByVerifiedEmail(email);
  if (verified !== undefined) return verified;
  const claiming = await store.users.listByEmail(email);
  const [only] = claiming;
  if (claiming.length === 1 && only !== undefined) return only;
  throw new SkillsetError<ServerErrorCode>({
    code: 'user_not_found',
    message:
      claiming.length === 0
        ? `No account uses the address ${JSON.stringify(email)}; invite it from the Team page first.`
        : `${claiming.length} unverified accounts use the address ${JSON.stringify(email)}; ask its owner to prove it (a mailed link or single sign-on), or issue a link from the Team page.`,
  });
}
