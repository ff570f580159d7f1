import { randomBytes } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { sha256 } from '../content/sha256.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';

/** A new random secret for a session, a sign-in code or an invitation (256 bits, URL-safe). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The hash a session id or one-time code is stored and looked up by. */
export function hashSecret(secret: string): string {
  return sha256(secret);
}

/** Why a one-time code cannot be used. */
export type ClosedCodeReason = 'code_not_found' | 'code_used' | 'code_expired' | 'code_revoked';

/** The error for a one-time code that is unknown, used, expired or revoked; `what` names it. */
export function closedCodeError(
  reason: ClosedCodeReason,
  what: string,
  hint: string,
): SkillsetError<StoreErrorCode> {
  const state = {
    code_not_found: 'is not valid',
    code_used: 'was already used',
    code_expired: 'has expired',
    code_revoked: 'was revoked',
  }[reason];
  return new SkillsetError<StoreErrorCode>({
    code: reason,
    message: `This ${what} ${state}; ${hint}`,
  });
}
