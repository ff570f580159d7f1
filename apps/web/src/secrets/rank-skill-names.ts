import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** How well a skill name matches what was typed: 0 the same, 1 starts with it, 2 contains it. */
function matchRank(name: string, search: string): number | undefined {
  if (name === search) return 0;
  if (name.startsWith(search)) return 1;
  if (name.includes(search)) return 2;
  return undefined;
}

/**
 * The skill names that contain what was typed, the exact name first and then the names that start
 * with it, so the suggestion Enter takes is the one the typing points at.
 */
export const rankSkillNames: OptionsFilter = ({ options, search, limit }) => {
  const typed = search.trim().toLowerCase();
  const items = options.filter(
    (option: ComboboxParsedItem): option is ComboboxItem => !('group' in option),
  );
  if (typed === '') return items.slice(0, limit);
  return items
    .map((item) => ({ item, rank: matchRank(item.label.toLowerCase(), typed) }))
    .filter((ranked): ranked is { item: ComboboxItem; rank: number } => ranked.rank !== undefined)
    .sort((left, right) => left.rank - right.rank)
    .slice(0, limit)
    .map((ranked) => ranked.item);
};
