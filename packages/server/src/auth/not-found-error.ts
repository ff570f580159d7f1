import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** A 404 that reads the same whether the resource is missing or belongs to another workspace. */
export function notFoundError(kind: string, id: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'not_found',
    message: `No ${kind} ${JSON.stringify(id)} in this workspace.`,
    details: { kind, id },
  });
}
