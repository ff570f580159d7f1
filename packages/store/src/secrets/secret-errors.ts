import { SkillsetError } from '@skillset/core';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { SecretInputIssue } from './check-secret-input.ts';
import { SECRET_KEY_HOWTO } from './secret-key.ts';

/** The error for a secret's bad name, value or skills, with every issue. */
export function invalidSecret(issues: SecretInputIssue[]): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'invalid_secret',
    message: issues.map((issue) => issue.message).join(' '),
    details: { issues },
  });
}

/** A store error of the secrets, with its details. */
export function secretError(
  code: StoreErrorCode,
  message: string,
  details: Record<string, unknown>,
): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({ code, message, details });
}

/** The error for a secrets call on a store without a key. */
export function secretsNotConfigured(): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'secrets_not_configured',
    message: `Secrets are not configured on this server: ${SECRET_KEY_HOWTO}.`,
  });
}
