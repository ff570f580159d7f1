import type { SkillEntry, SkillIssue, SkillRegistry } from '@skillset/core';
import { checkSkillReferences } from '@skillset/core/lean';
import { registrySkillLookup } from './registry-skill-lookup.ts';

/** The reference error `invoke` would give each entry (a cycle or an unknown name), by entry. */
export async function findReferenceIssues(
  registry: SkillRegistry,
  entries: readonly SkillEntry[],
): Promise<Map<SkillEntry, SkillIssue>> {
  const getSkill = registrySkillLookup(registry);
  const found = new Map<SkillEntry, SkillIssue>();
  for (const entry of entries) {
    if (entry.manifest === undefined || entry.manifest.references.length === 0) continue;
    const issue = await checkSkillReferences({ manifest: entry.manifest, getSkill });
    if (issue !== undefined) found.set(entry, issue);
  }
  return found;
}
