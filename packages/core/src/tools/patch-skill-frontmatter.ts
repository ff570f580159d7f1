import { isMap, parseDocument } from 'yaml';
import { FIELD_ALIASES } from '../format/field-names.ts';
import { splitSkillText } from './split-skill-text.ts';

/** The patched text, or why the frontmatter could not be edited field by field. */
export type PatchSkillFrontmatterResult =
  | { success: true; text: string }
  | { success: false; code: 'frontmatter_not_editable'; message: string };

/**
 * Sets or removes (`null`) frontmatter fields, keeping the rest of the YAML and the body as they are;
 * aliases of a set field (`integration_id` for `integration`) are removed.
 */
export function patchSkillFrontmatter(
  text: string,
  fields: Readonly<Record<string, unknown>>,
): PatchSkillFrontmatterResult {
  const { head, frontmatter, body } = splitSkillText(text);
  const refuse = (reason: string): PatchSkillFrontmatterResult => ({
    success: false,
    code: 'frontmatter_not_editable',
    message: `The frontmatter cannot be edited field by field (${reason}); rewrite it with operation "replace" and target "skill_md".`,
  });
  if (head === '') return refuse('SKILL.md has no frontmatter');
  const document = parseDocument(frontmatter);
  if (document.errors.length > 0) return refuse(document.errors[0]?.message ?? 'invalid YAML');
  if (document.contents !== null && !isMap(document.contents)) {
    return refuse('it is not a mapping');
  }
  for (const [key, value] of Object.entries(fields)) {
    for (const [alias, canonical] of Object.entries(FIELD_ALIASES)) {
      if (canonical === key) document.delete(alias);
    }
    if (value === null) document.delete(key);
    else document.set(key, value);
  }
  const yaml = document.contents === null ? '' : document.toString({ lineWidth: 0 });
  return { success: true, text: `---\n${yaml}---\n${body}` };
}
