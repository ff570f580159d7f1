import { SkillsetError } from '@skillset/core';

/** A 404 that reads the same whether the resource is missing or belongs to another workspace. */
export function notFoundError(kind: string, id: string): SkillsetError {
  return new SkillsetError({
    code: 'not_found',
    message: `No ${kind} ${JSON.stringify(id)} in this workspace.`,
    details: { kind, id },
  });
}
