import type { SynonymTable } from './synonym-table.ts';
import { tokenizeText } from './tokenize-text.ts';

// Strongest related terms kept per query term: more add noise and query time.
const maximumRelatedTerms = 12;

/** Turns a query into weighted terms: its own terms at weight 1, synonyms at `synonymWeight` × their strength. */
export function expandQuery(
  query: string,
  synonyms: SynonymTable | undefined,
  synonymWeight: number,
  isKnownTerm: (term: string) => boolean,
): Map<string, number> {
  const weights = new Map<string, number>();
  const terms = tokenizeText(query);
  for (const term of terms) weights.set(term, 1);
  if (synonyms === undefined || synonymWeight <= 0) return weights;
  for (const term of new Set(terms)) {
    let added = 0;
    for (const related of synonyms.get(term) ?? []) {
      if (added >= maximumRelatedTerms) break;
      if (!isKnownTerm(related.term)) continue;
      added++;
      const weight = synonymWeight * related.weight;
      if ((weights.get(related.term) ?? 0) < weight) weights.set(related.term, weight);
    }
  }
  return weights;
}
