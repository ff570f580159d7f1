import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import type { SkillEntry } from './skill-entry.ts';

/** What the catalog and the ranker take of a registry entry, located at its `SKILL.md`. */
export function catalogSkillOf(entry: SkillEntry): CatalogSkill {
  const skill: CatalogSkill = {
    name: entry.name,
    description: entry.description,
    tags: entry.manifest?.tags ?? [],
    location: entry.skillFile,
  };
  if (entry.manifest?.category !== undefined) skill.category = entry.manifest.category;
  return skill;
}
