/** Where a skill lives, lowest precedence first (DESIGN.md §1, §4). */
export const SKILL_SCOPES = ['builtin', 'public', 'workspace', 'personal', 'project'] as const;

/** A scope name; a skill in a later scope shadows one of the same name in an earlier scope. */
export type SkillScope = (typeof SKILL_SCOPES)[number];

/** A scope's precedence as a number: a higher rank shadows a lower one of the same name. */
export function scopeRank(scope: SkillScope): number {
  return SKILL_SCOPES.indexOf(scope);
}

/** Compares two scopes by precedence: negative when `a` ranks below `b`. */
export function compareScopes(a: SkillScope, b: SkillScope): number {
  return scopeRank(a) - scopeRank(b);
}
