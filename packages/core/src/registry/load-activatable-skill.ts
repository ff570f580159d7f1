import type { ActivatableSkill } from '../invoke/activatable-skill.ts';
import type { SkillRegistry } from './create-registry.ts';
import type { SkillEntry } from './skill-entry.ts';

/** Options for {@link loadActivatableSkill}. */
export interface LoadActivatableSkillOptions {
  registry: SkillRegistry;
  entry: SkillEntry;
  /** Also list the skill's files for the inline header; default true. */
  withFiles?: boolean;
}

/** Reads a skill's body (and file list) for activation; `undefined` when its `SKILL.md` has errors. */
export async function loadActivatableSkill(
  options: LoadActivatableSkillOptions,
): Promise<ActivatableSkill | undefined> {
  const { registry, entry, withFiles = true } = options;
  const loaded = await registry.loadSkill(entry);
  if (loaded.manifest === undefined || !loaded.valid) return undefined;
  const skill: ActivatableSkill = { manifest: loaded.manifest, body: loaded.body, dir: entry.path };
  if (withFiles) {
    const files = await registry.listFiles(entry).catch(() => []);
    skill.files = files.map((file) => file.path);
  }
  return skill;
}
