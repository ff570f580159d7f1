/** What a library search shows: the skills in view, and how many weaker matches the fold holds. */
export interface FoldWeakerMatchesResult<Skill> {
  shown: Skill[];
  weaker: number;
}

/**
 * Folds the weak tail of a search's first page: with `confident` from the API, only the confident
 * head is shown until the fold is expanded; `weaker` counts the rest (docs/decisions/0153).
 */
export function foldWeakerMatches<Skill>(options: {
  items: readonly Skill[];
  total: number;
  confident: number | undefined;
  page: number;
  expanded: boolean;
}): FoldWeakerMatchesResult<Skill> {
  const { items, total, confident, page, expanded } = options;
  if (confident === undefined || page !== 1 || confident >= total) {
    return { shown: [...items], weaker: 0 };
  }
  return { shown: expanded ? [...items] : items.slice(0, confident), weaker: total - confident };
}
