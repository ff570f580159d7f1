/**
 * Stems of verbs so generic that their synonyms match almost every skill ("make" → brand, form,
 * build…); the ranker matches them as written but never expands them or expands into them
 * (docs/decisions/0153).
 */
export const GENERIC_VERBS: ReadonlySet<string> = new Set(
  `be becom bring caus come do get give go have hold keep let make put seem take turn us`.split(
    ' ',
  ),
);
