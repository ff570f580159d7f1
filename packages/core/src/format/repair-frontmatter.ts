const REPAIRABLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):[ ]+(.+)$/;
const SPECIAL_START = '-?:,[]{}#&*!|>\'"%@`';

/** Frontmatter text after repair, and the 1-based lines (within the block) that were rewritten. */
export interface RepairFrontmatterResult {
  text: string;
  repairedLines: number[];
}

/**
 * Quotes top-level one-line plain values that contain `: ` or end with `:` (for example
 * `description: Use when: you need X`), the most common way hand-written frontmatter breaks YAML.
 */
export function repairFrontmatter(text: string): RepairFrontmatterResult {
  const lines = text.split('\n');
  const repairedLines: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    const match = REPAIRABLE_LINE.exec(lines[index] as string);
    if (match === null) continue;
    const key = match[1] as string;
    const raw = match[2] as string;
    if (SPECIAL_START.includes(raw[0] as string)) continue;
    const next = lines[index + 1];
    if (next !== undefined && /^[ \t]+\S/.test(next)) continue;
    const comment = raw.indexOf(' #');
    const value = (comment === -1 ? raw : raw.slice(0, comment)).trim();
    if (!value.includes(': ') && !value.endsWith(':')) continue;
    lines[index] = `${key}: ${JSON.stringify(value)}`;
    repairedLines.push(index + 1);
  }
  return { text: lines.join('\n'), repairedLines };
}
