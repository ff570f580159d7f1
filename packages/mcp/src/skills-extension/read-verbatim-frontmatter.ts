import { splitSkillText } from '@skillset/core/serving';
import { parse } from 'yaml';

/** The frontmatter of a `SKILL.md` as plain YAML reads it, or why it cannot be given verbatim. */
export type ReadVerbatimFrontmatterResult =
  | { ok: true; frontmatter: { name: string; description: string; [key: string]: unknown } }
  | { ok: false; reason: string };

/**
 * Reads the YAML frontmatter of `SKILL.md` bytes as a JSON object, exactly as a YAML 1.2 parser
 * sees it (no repairs, no normalised field names), so a host comparing field by field agrees.
 */
export function readVerbatimFrontmatter(bytes: Uint8Array): ReadVerbatimFrontmatterResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'its SKILL.md is not valid UTF-8' };
  }
  const { head, frontmatter } = splitSkillText(text);
  if (head === '') return { ok: false, reason: 'its SKILL.md has no frontmatter' };
  let value: unknown;
  try {
    value = parse(frontmatter, { schema: 'core', uniqueKeys: true, maxAliasCount: 0 });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      ok: false,
      reason: `its frontmatter is not plain YAML (${detail}); quote the values so any YAML parser reads them`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'its frontmatter is not a YAML mapping' };
  }
  const fields = value as Record<string, unknown>;
  if (typeof fields.name !== 'string' || typeof fields.description !== 'string') {
    return { ok: false, reason: 'its frontmatter lacks a string name or description' };
  }
  return {
    ok: true,
    frontmatter: { ...fields, name: fields.name, description: fields.description },
  };
}
