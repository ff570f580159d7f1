import { diffLineWords, type LineWords } from '../diff/word-diff.ts';
import { readFrontmatterFields, sameValue } from '../editor/frontmatter-fields.ts';
import { readSkillParts } from '../editor/skill-text-parts.ts';
import { formatFrontmatterValue } from '../skill/frontmatter-rows.ts';

/** One frontmatter field compared between the published and the proposed `SKILL.md`. */
export interface FrontmatterChange {
  key: string;
  status: 'added' | 'removed' | 'changed' | 'same';
  /** The value as one readable line; absent where the field is absent. */
  before?: string;
  after?: string;
  /** The changed words of a changed value, when few enough to mark. */
  words?: LineWords;
}

function fieldsOf(text: string): Map<string, unknown> | undefined {
  const fields = readFrontmatterFields(readSkillParts(text).frontmatter);
  return fields === undefined
    ? undefined
    : new Map(fields.map((field) => [field.key, field.value]));
}

/**
 * The frontmatter of two `SKILL.md` texts compared field by field, in the proposed order with the
 * removed fields last; `before` null is a new skill (every field added). Undefined when either
 * frontmatter cannot be read field by field (broken YAML, a flow mapping).
 */
export function frontmatterChanges(
  before: string | null,
  after: string,
): FrontmatterChange[] | undefined {
  const old = before === null ? new Map<string, unknown>() : fieldsOf(before);
  const proposed = fieldsOf(after);
  if (old === undefined || proposed === undefined) return undefined;
  const changes: FrontmatterChange[] = [];
  for (const [key, value] of proposed) {
    const text = formatFrontmatterValue(value);
    if (!old.has(key)) {
      changes.push({ key, status: 'added', after: text });
      continue;
    }
    const previous = old.get(key);
    const previousText = formatFrontmatterValue(previous);
    if (sameValue(previous, value)) {
      changes.push({ key, status: 'same', before: previousText, after: text });
      continue;
    }
    const words = diffLineWords(previousText, text);
    changes.push({
      key,
      status: 'changed',
      before: previousText,
      after: text,
      ...(words === undefined ? {} : { words }),
    });
  }
  for (const [key, value] of old) {
    if (!proposed.has(key)) {
      changes.push({ key, status: 'removed', before: formatFrontmatterValue(value) });
    }
  }
  return changes;
}
