import type { ActivatableSkill, SkillEntry, SkillRegistry } from '@skillset/core';

/** Options for {@link loadActivatableSkill}. */
export interface LoadActivatableSkillOptions {
  registry: SkillRegistry;
  entry: SkillEntry;
}

/** Reads a skill's body and file list for activation; `undefined` when the whole file has validation errors. */
export async function loadActivatableSkill(
  options: LoadActivatableSkillOptions,
): Promise<ActivatableSkill | undefined> {
  const { registry, entry } = options;
  const loaded = await registry.loadSkill(entry);
  if (loaded.manifest === undefined || !loaded.valid) return undefined;
  const files = await registry.listFiles(entry).catch(() => []);
  return {
    manifest: loaded.manifest,
    body: loaded.body,
    dir: entry.path,
    files: files.map((file) => file.path),
  };
}
