import type { SkillLookup, SkillRegistry } from '@skillset/core';

/**
 * Finds a skill for `references` among the registry's valid winners, as `invoke` does (without
 * policy, and without reading bodies: it serves reference checks).
 */
export function registrySkillLookup(registry: SkillRegistry): SkillLookup {
  return async (name) => {
    const entry = await registry.resolve(name);
    return entry?.manifest === undefined ? undefined : { manifest: entry.manifest, body: '' };
  };
}
