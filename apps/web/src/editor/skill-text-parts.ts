import { splitSkillText } from '@skillset/core';

/** A `SKILL.md` text cut at its frontmatter fences, each part exactly as written. */
export interface SkillTextParts {
  /** Whether the text has a closed frontmatter. */
  hasFrontmatter: boolean;
  /** The opening fence line; `---\n` when there is no frontmatter. */
  open: string;
  /** The YAML between the fences. */
  frontmatter: string;
  /** The closing fence line; `---\n` when there is no frontmatter. */
  close: string;
  body: string;
}

/** Cuts a `SKILL.md` text into its fences, frontmatter and body. */
export function readSkillParts(text: string): SkillTextParts {
  const { head, frontmatter, body } = splitSkillText(text);
  if (head === '') {
    return { hasFrontmatter: false, open: '---\n', frontmatter: '', close: '---\n', body: text };
  }
  const open = head.slice(0, head.indexOf('\n') + 1);
  return {
    hasFrontmatter: true,
    open,
    frontmatter,
    close: head.slice(open.length + frontmatter.length),
    body,
  };
}

/** Puts the parts back together; a text that had no frontmatter gets one only when it has fields. */
export function joinSkillParts(parts: SkillTextParts): string {
  if (!parts.hasFrontmatter && parts.frontmatter === '') return parts.body;
  const yaml =
    parts.frontmatter === '' || parts.frontmatter.endsWith('\n')
      ? parts.frontmatter
      : `${parts.frontmatter}\n`;
  return `${parts.open}${yaml}${parts.close}${parts.body}`;
}
