import { findFrontmatterFences } from '../format/frontmatter-fences.ts';

/** A `SKILL.md` text cut in two: the frontmatter block (fences included) and the body after it. */
export interface SkillTextParts {
  /** From the opening `---` through the closing fence line; empty when there is no frontmatter. */
  head: string;
  /** The YAML between the fences. */
  frontmatter: string;
  body: string;
}

/** Splits a `SKILL.md` text into its frontmatter block and body. */
export function splitSkillText(text: string): SkillTextParts {
  const found = findFrontmatterFences(text);
  if (found.kind !== 'found') return { head: '', frontmatter: '', body: text };
  const { contentStart, contentEnd, closeEnd, closedByNewline } = found.fences;
  const head = text.slice(0, closeEnd);
  return {
    head: closedByNewline ? head : `${head}\n`,
    frontmatter: text.slice(contentStart, contentEnd),
    body: text.slice(closeEnd),
  };
}
