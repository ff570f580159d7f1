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

/** Values the manifest fills in when the frontmatter leaves a key out. */
const DEFAULTS: Record<string, unknown> = {
  context: 'inline',
  userInvocable: true,
  disableModelInvocation: false,
};
/** Keys shown first, in this order; the rest keep the manifest's order. */
const LEADING_KEYS = ['name', 'description'];
/** Keys shown elsewhere: `extra` as rows of their own, `arguments` in the arguments table. */
const SHOWN_ELSEWHERE = new Set(['extra', 'arguments']);

/** A value as one readable line: lists joined with commas, objects as `key: value; …` without empty parts. */
export function formatFrontmatterValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value)
      .filter(([, each]) => !isEmpty(each) && each !== false)
      .map(([key, each]) => `${key}: ${formatFrontmatterValue(each)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

/**
 * The rows of a skill's manifest as its frontmatter spells them (`userInvocable` →
 * `user-invocable`), name and description first, without empty or default values or the
 * arguments (their own table); unknown keys (`extra`) keep their own names.
 */
export function frontmatterRows(manifest: Record<string, unknown>): FrontmatterRow[] {
  const rows: FrontmatterRow[] = [];
  const keys = [
    ...LEADING_KEYS.filter((key) => key in manifest),
    ...Object.keys(manifest).filter((key) => !LEADING_KEYS.includes(key)),
  ];
  for (const key of keys) {
    const value = manifest[key];
    if (SHOWN_ELSEWHERE.has(key) || isEmpty(value) || DEFAULTS[key] === value) continue;
    const text = formatFrontmatterValue(value);
    if (text === '') continue;
    rows.push({
      key: key.replace(KEBAB_BOUNDARY, (letter) => `-${letter.toLowerCase()}`),
      value: text,
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
