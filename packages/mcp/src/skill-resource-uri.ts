/** The resource template clients fill in to read any file of a skill. */
export const SKILL_RESOURCE_TEMPLATE = 'skill://{name}/{+path}';

/** A skill file named by a resource URI. */
export interface SkillResourceAddress {
  skill: string;
  /** The file path relative to the skill folder, decoded. */
  path: string;
}

/** The resource URI of one file of a skill, each path segment percent-encoded. */
export function skillResourceUri(address: SkillResourceAddress): string {
  const path = address.path.split('/').map(encodeURIComponent).join('/');
  return `skill://${encodeURIComponent(address.skill)}/${path}`;
}

/** Reads `skill://<name>/<path>`; `undefined` when the URI is not a skill file URI. */
export function parseSkillResourceUri(uri: string): SkillResourceAddress | undefined {
  const prefix = 'skill://';
  if (!uri.toLowerCase().startsWith(prefix)) return undefined;
  const rest = uri.slice(prefix.length).split(/[?#]/)[0] ?? '';
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  try {
    const skill = decodeURIComponent(rest.slice(0, slash));
    const path = rest
      .slice(slash + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    return { skill, path };
  } catch {
    return undefined;
  }
}
