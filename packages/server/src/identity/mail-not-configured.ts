import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** The error for a mail the server cannot send: no SMTP server is configured. */
export function mailNotConfigured(
  what: string,
  instead = 'pass a link on yourself',
): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'mail_not_configured',
    message: `This server sends no mail, so it cannot ${what}; set SKILLSET_SMTP_URL, or ${instead}.`,
  });
}
