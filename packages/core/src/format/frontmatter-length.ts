import { findFrontmatterFences } from './frontmatter-fences.ts';

/**
 * Counts the characters from the start of `text` through the closing `---` line and its newline,
 * or returns undefined when the frontmatter is not closed (by a fence line ending in a newline)
 * within `text`; at the end of a file, parse the whole text instead.
 */
export function frontmatterLength(text: string): number | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const result = findFrontmatterFences(text, start);
  if (result.kind !== 'found' || !result.fences.closedByNewline) return undefined;
  return result.fences.closeEnd;
}
