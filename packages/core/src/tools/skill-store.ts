import type { SkillScope } from '../skill/skill-scope.ts';

/** A new skill for {@link SkillStore.create}: its name, whole `SKILL.md` text and any other text files. */
export interface NewStoredSkill {
  name: string;
  text: string;
  /** Other files of the package, by path relative to the skill folder. */
  files?: Readonly<Record<string, string>>;
}

/**
 * Where the management tools write skills: a folder, memory, or (in the server) the database.
 *
 * Names are matched case-insensitively. Writes throw `SkillsetError` (`skill_exists`,
 * `skill_not_found`, `invalid_skill` with `details.issues`) and leave nothing changed when they do.
 * The enabled switch is kept per name, so it can also switch off a skill the store does not hold
 * (e.g. a built-in one); a name never switched off is enabled.
 */
export interface SkillStore {
  /** The scope of the skills this store holds. */
  readonly scope: SkillScope;
  /** Where the skills are kept, for people (a folder path, `memory`). */
  readonly location: string;
  /** The names of the skills this store holds, sorted. */
  list(): Promise<string[]>;
  /** The `SKILL.md` text of a skill this store holds, or undefined. */
  read(name: string): Promise<string | undefined>;
  /** Adds a skill after validating it. */
  create(skill: NewStoredSkill): Promise<void>;
  /** Replaces a held skill's `SKILL.md` text after validating it; the name must stay the same. */
  update(name: string, text: string): Promise<void>;
  /** Removes a held skill and its files. */
  delete(name: string): Promise<void>;
  isEnabled(name: string): Promise<boolean>;
  setEnabled(name: string, enabled: boolean): Promise<void>;
}
