/** A proposed revision of a workspace skill that the playground's turns use in its place. */
export interface TryRevision {
  skill: string;
  version: number;
}

/** Reads the playground's `?try=name@version`; undefined when absent or not of that form. */
export function parseTryRevision(value: string | null): TryRevision | undefined {
  const match = /^(.+)@(\d{1,10})$/.exec(value?.trim() ?? '');
  if (match === null) return undefined;
  const version = Number(match[2]);
  const skill = match[1] as string;
  if (version < 1 || skill.length > 64) return undefined;
  return { skill, version };
}

/** The playground's address trying `revision`: `/playground?try=name@version`. */
export function tryRevisionPath(revision: TryRevision): string {
  return `/playground?try=${encodeURIComponent(revision.skill)}@${revision.version}`;
}
