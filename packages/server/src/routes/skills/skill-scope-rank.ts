import type { StoredSkillScope } from '@skillset/store';

const RANKS: Readonly<Record<StoredSkillScope, number>> = {
  builtin: 0,
  public: 1,
  workspace: 2,
  personal: 3,
};

/** The precedence of a stored scope: a higher rank shadows a lower one of the same name. */
export function skillScopeRank(scope: StoredSkillScope): number {
  return RANKS[scope];
}
