import type { McpSkillEntry } from './read-mcp-skill-entry.ts';

/**
 * Names the skills of one server in its own namespace: `label:name`, or `label:skill-path` for the
 * entries of a listing that share a name (SEP-2640 "Names": disambiguate, never drop one).
 */
export function qualifyMcpSkillNames(
  label: string,
  entries: readonly McpSkillEntry[],
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const key = entry.frontmatter.name.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const names = new Map<string, string>();
  for (const entry of entries) {
    const unique = counts.get(entry.frontmatter.name.toLowerCase()) === 1;
    names.set(entry.uri, `${label}:${unique ? entry.frontmatter.name : entry.skillPath}`);
  }
  return names;
}
