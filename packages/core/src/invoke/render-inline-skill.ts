/** How many of a skill's files an inline activation lists before "… and N more". */
export const MAX_LISTED_SKILL_FILES = 50;

/** Options for {@link renderInlineSkill}. */
export interface RenderInlineSkillOptions {
  name: string;
  /** The rendered body. */
  body: string;
  /** The skill's folder, shown so that relative paths in the body can be resolved. */
  dir?: string;
  /** The skill's files relative to its folder; `SKILL.md` itself is left out of the list. */
  files?: readonly string[];
  maxListedFiles?: number;
}

/** Wraps a rendered body in a `<skill name dir>` block that lists the skill's files, for the conversation. */
export function renderInlineSkill(options: RenderInlineSkillOptions): string {
  const { name, body, dir, files = [], maxListedFiles = MAX_LISTED_SKILL_FILES } = options;
  const attributes = [`name="${escapeAttribute(name)}"`];
  if (dir !== undefined) attributes.push(`dir="${escapeAttribute(dir)}"`);
  const lines = [`<skill ${attributes.join(' ')}>`];
  const listed = files.filter((file) => file !== 'SKILL.md');
  if (listed.length > 0) {
    const shown = listed.slice(0, Math.max(0, maxListedFiles));
    lines.push('<skill_files>', ...shown);
    if (listed.length > shown.length) lines.push(`… and ${listed.length - shown.length} more`);
    lines.push('</skill_files>', '');
  }
  lines.push(body.trim(), '</skill>');
  return lines.join('\n');
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<]/g, (character) =>
    character === '&' ? '&amp;' : character === '"' ? '&quot;' : '&lt;',
  );
}
