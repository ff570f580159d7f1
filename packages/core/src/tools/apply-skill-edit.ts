import { splitSkillText } from './split-skill-text.ts';

/** The operations of `update_skill`, applied to a `SKILL.md` text. */
export type SkillEdit =
  /** Replaces the body (default) or the whole `SKILL.md` (`target: 'skill_md'`). */
  | { operation: 'replace'; content: string; target?: 'body' | 'skill_md' }
  /** Replaces exact text anywhere in `SKILL.md`; it must occur once unless `replaceAll`. */
  | { operation: 'find_replace'; find: string; replaceWith: string; replaceAll?: boolean }
  /** Adds text at the end of the body. */
  | { operation: 'append'; content: string }
  /** Adds text at the start of the body, just after the frontmatter. */
  | { operation: 'prepend'; content: string }
  /** Removes exact text anywhere in `SKILL.md`; it must occur once unless `replaceAll`. */
  | { operation: 'delete'; find: string; replaceAll?: boolean };

/** The edited text, or why the edit cannot apply (`text_not_found`, `ambiguous_match`). */
export type ApplySkillEditResult =
  | { success: true; text: string; replacements: number }
  | { success: false; code: 'text_not_found' | 'ambiguous_match'; message: string };

/** Applies one edit operation to a `SKILL.md` text; never throws. */
export function applySkillEdit(text: string, edit: SkillEdit): ApplySkillEditResult {
  const { head, body } = splitSkillText(text);
  switch (edit.operation) {
    case 'replace':
      if (edit.target === 'skill_md') return done(edit.content, 1);
      return done(`${head}${ensureNewline(edit.content)}`, 1);
    case 'append': {
      const kept = body.trimEnd();
      const added = ensureNewline(edit.content.trim());
      return done(`${head}${kept === '' ? added : `${kept}\n\n${added}`}`, 1);
    }
    case 'prepend': {
      const kept = body.replace(/^\s*\n/, '');
      const added = edit.content.trim();
      return done(`${head}${kept.trim() === '' ? ensureNewline(added) : `${added}\n\n${kept}`}`, 1);
    }
    case 'find_replace':
      return replaceExact(text, edit.find, edit.replaceWith, edit.replaceAll === true);
    case 'delete':
      return replaceExact(text, edit.find, '', edit.replaceAll === true);
  }
}

function replaceExact(
  text: string,
  find: string,
  replacement: string,
  replaceAll: boolean,
): ApplySkillEditResult {
  const count = text.split(find).length - 1;
  if (count === 0) {
    return {
      success: false,
      code: 'text_not_found',
      message: `The text to find does not occur in SKILL.md: ${JSON.stringify(preview(find))}. It must match exactly, whitespace and line breaks included; read the skill with read_skill first.`,
    };
  }
  if (count > 1 && !replaceAll) {
    return {
      success: false,
      code: 'ambiguous_match',
      message: `The text to find occurs ${count} times in SKILL.md: ${JSON.stringify(preview(find))}. Include more surrounding text so it occurs once, or set replace_all to change every occurrence.`,
    };
  }
  return done(text.split(find).join(replacement), count);
}

function done(text: string, replacements: number): ApplySkillEditResult {
  return { success: true, text, replacements };
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') || text === '' ? text : `${text}\n`;
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
