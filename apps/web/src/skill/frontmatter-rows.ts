/** One row of the frontmatter table: the key as written in SKILL.md and its value as text. */
export interface FrontmatterRow {
  key: string;
  value: string;
}

const KEBAB_BOUNDARY = /[A-Z]/g;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  );
}

/** A value as one readable line: lists joined with commas, objects as compact JSON. */
export function formatFrontmatterValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  return JSON.stringify(value);
}

/**
 * The rows of a skill's manifest as its frontmatter spells them (`userInvocable` →
 * `user-invocable`), without empty values; unknown keys (`extra`) keep their own names.
 */
export function frontmatterRows(manifest: Record<string, unknown>): FrontmatterRow[] {
  const rows: FrontmatterRow[] = [];
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'extra' || isEmpty(value)) continue;
    rows.push({
      key: key.replace(KEBAB_BOUNDARY, (letter) => `-${letter.toLowerCase()}`),
      value: formatFrontmatterValue(value),
    });
  }
  const extra = manifest.extra;
  if (typeof extra === 'object' && extra !== null) {
    for (const [key, value] of Object.entries(extra)) {
      if (!isEmpty(value)) rows.push({ key, value: formatFrontmatterValue(value) });
    }
  }
  return rows;
}
