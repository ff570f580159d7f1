import type { MergePart, SkillMerge } from './merge-skill-text.ts';

/** How the editor names a part of a merge: the field's name, `Body (the instructions)`. */
export function mergePartLabel(part: Pick<MergePart, 'kind' | 'name'>): string {
  if (part.kind === 'body') return 'Body (the instructions)';
  if (part.kind === 'frontmatter') return 'Frontmatter (all fields)';
  return part.name;
}

const nameOf = (part: Pick<MergePart, 'kind' | 'name'>) =>
  part.kind === 'field' ? part.name : part.kind;

/** One sentence on what a merge took from each side: `Kept your tags and their description.` */
export function describeMerge(merge: SkillMerge): string {
  const list = (names: string[]) =>
    names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const mine = merge.merged.filter((part) => part.from === 'mine').map(nameOf);
  const theirs = merge.merged.filter((part) => part.from === 'theirs').map(nameOf);
  const sides = [
    mine.length === 0 ? '' : `your ${list(mine)}`,
    theirs.length === 0 ? '' : `their ${list(theirs)}`,
  ].filter((side) => side !== '');
  return sides.length === 0 ? '' : `Kept ${sides.join(' and ')}.`;
}
