/** The resource template clients fill in to read any file of a skill (the Skills extension's). */
export const SKILL_RESOURCE_TEMPLATE = 'skill://{+path}';

/** A skill file named by a resource URI. */
export interface SkillResourceAddress {
  /** The skill's name; a qualified name `team:deploy` is the path `team/deploy` in URIs. */
  skill: string;
  /** The file path relative to the skill folder, decoded. */
  path: string;
}

/**
 * The resource URI of one file of a skill, each segment percent-encoded. A qualified name's parts
 * become path segments (`team:deploy` → `skill://team/deploy/SKILL.md`), so the last segment
 * before the file is always the skill's own frontmatter name, as the Skills extension requires.
 */
export function skillResourceUri(address: SkillResourceAddress): string {
  const skill = address.skill.split(':').map(encodeURIComponent).join('/');
  const path = address.path.split('/').map(encodeURIComponent).join('/');
  return `skill://${skill}/${path}`;
}

/** The decoded path segments of a `skill://` URI (query and fragment dropped); `undefined` when it is not one. */
export function skillUriSegments(uri: string): string[] | undefined {
  const prefix = 'skill://';
  if (!uri.toLowerCase().startsWith(prefix)) return undefined;
  const rest = (uri.slice(prefix.length).split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  if (rest === '') return undefined;
  try {
    const segments = rest.split('/').map(decodeURIComponent);
    return segments.some((segment) => segment === '' || segment === '.' || segment === '..')
      ? undefined
      : segments;
  } catch {
    return undefined;
  }
}

/**
 * Every way to read a URI as skill and file, the longest skill name first: `skill://team/deploy/SKILL.md`
 * is `team:deploy` + `SKILL.md`, else `team` + `deploy/SKILL.md`. With `directory`, the whole path
 * may also be the skill itself (path `''`).
 */
export function skillResourceAddresses(uri: string, directory = false): SkillResourceAddress[] {
  const segments = skillUriSegments(uri);
  if (segments === undefined) return [];
  const addresses: SkillResourceAddress[] = [];
  for (let split = segments.length - (directory ? 0 : 1); split >= 1; split -= 1) {
    addresses.push({
      skill: segments.slice(0, split).join(':'),
      path: segments.slice(split).join('/'),
    });
  }
  return addresses;
}

/** Reads a URI as skill and file when the skill name has no namespace (the common case; tests and tools). */
export function parseSkillResourceUri(uri: string): SkillResourceAddress | undefined {
  const segments = skillUriSegments(uri);
  if (segments === undefined || segments.length < 2) return undefined;
  return { skill: segments[0] as string, path: segments.slice(1).join('/') };
}
