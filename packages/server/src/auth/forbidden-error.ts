import { SkillsetError } from '@skillset/core';

/** A 403 for a principal who may see a resource but not do this to it. */
export function forbiddenError(message: string): SkillsetError {
  return new SkillsetError({ code: 'forbidden', message });
}
