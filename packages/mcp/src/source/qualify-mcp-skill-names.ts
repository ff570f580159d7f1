import type { McpSkillEntry } from './read-mcp-skill-entry.ts';

/** The outcome of {@link qualifyMcpSkillNames}. */
export interface QualifyMcpSkillNamesResult {
  /** Each entry's name in Skillset, by `SKILL.md` URI. */
  names: Map<string, string>;
  /** Names that several entries would get (spellings of one path); none of them is used. */
  collisions: Array<{ name: string; uris: string[] }>;
}

/** A skill's name on its server: its path segments joined by `:` (`skill://team/deploy/SKILL.md` → `team:deploy`). */
export function servedMcpSkillName(entry: Pick<McpSkillEntry, 'segments'>): string {
  return entry.segments.join(':');
}

/**
 * Names the skills of one server in its own namespace: `label:` and the skill path's segments
 * joined by `:` (`skill://good/SKILL.md` → `hand:good`, `skill://team/deploy/SKILL.md` →
 * `hand:team:deploy`), so a name read from a Skillset that republishes `team:deploy` keeps its
 * namespace down a chain. Distinct paths give distinct names; entries that would still share one
 * are reported, never one silently kept.
 */
export function qualifyMcpSkillNames(
  label: string,
  entries: readonly McpSkillEntry[],
): QualifyMcpSkillNamesResult {
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    const name = `${label}:${servedMcpSkillName(entry)}`;
    byName.set(name, [...(byName.get(name) ?? []), entry.uri]);
  }
  const names = new Map<string, string>();
  const collisions: QualifyMcpSkillNamesResult['collisions'] = [];
  for (const [name, uris] of byName) {
    if (uris.length === 1) names.set(uris[0] as string, name);
    else collisions.push({ name, uris });
  }
  return { names, collisions };
}
