import {
  type CatalogSkill,
  catalogSkillOf,
  type SkillEntry,
  type SkillRegistry,
} from '@skillset/core';

/** Options for {@link loadCatalogSkills}. */
export interface LoadCatalogSkillsOptions {
  registry: SkillRegistry;
  entries: readonly SkillEntry[];
  /** Read each body too, so the ranker can search it (one file read per skill). */
  withBodies?: boolean;
}

/** Turns registry entries into the skills the catalog and the ranker take, located at their `SKILL.md`. */
export async function loadCatalogSkills(
  options: LoadCatalogSkillsOptions,
): Promise<CatalogSkill[]> {
  const { registry, entries, withBodies = false } = options;
  return Promise.all(
    entries.map(async (entry) => {
      const skill = catalogSkillOf(entry);
      if (withBodies) skill.body = await registry.readBody(entry);
      return skill;
    }),
  );
}
