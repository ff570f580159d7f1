import type { StoredSkillScope } from '../schema/skills.ts';

/** The kinds of skill change the feed reports. */
export type SkillChangeType = 'created' | 'updated' | 'deleted' | 'enabled' | 'disabled';

/** One committed change to a stored skill, from any instance sharing the database. */
export interface SkillChange {
  /** The skill's workspace; null for `builtin` and `public` skills, which every workspace sees. */
  workspaceId: string | null;
  scope: StoredSkillScope;
  /** The personal skill's owner; null otherwise. */
  ownerUserId: string | null;
  skillId: string;
  name: string;
  type: SkillChangeType;
  /** The skill's current version after the change (the last one, for `deleted`). */
  version: number;
}

/** Receives skill changes. */
export type SkillChangeListener = (change: SkillChange) => void;

/** The PostgreSQL channel skill changes are sent on. */
export const SKILL_CHANGES_CHANNEL = 'skillset_skill_changes';

/** Reads a notification payload; anything malformed is ignored (undefined). */
export function parseSkillChange(payload: string): SkillChange | undefined {
  try {
    const value = JSON.parse(payload) as Partial<SkillChange>;
    if (typeof value.skillId !== 'string' || typeof value.type !== 'string') return undefined;
    return value as SkillChange;
  } catch {
    return undefined;
  }
}
