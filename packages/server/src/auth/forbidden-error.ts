import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** A 403 for a principal who may see a resource but not do this to it. */
export function forbiddenError(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'forbidden', message });
}
