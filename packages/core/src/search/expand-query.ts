import { GENERIC_VERBS } from './generic-verbs.ts';
import { STOP_WORDS } from './stop-words.ts';
import type { SynonymTable } from './synonym-table.ts';
import { splitWords, stemTerm } from './tokenize-text.ts';

// Strongest related terms kept per query term: more add noise and query time.
const maximumRelatedTerms = 12;

/**
 * Turns a query into weighted terms: its own terms at their word's weight (`wordWeight`, default
 * 1; a stem of several words keeps the highest), synonyms at `synonymWeight` × their strength ×
 * the weight of the term they stand for. A term reached twice keeps its highest weight. Generic
 * verbs ("make", "take", "use") are neither expanded nor reached through a synonym.
 */
export function expandQuery(
  query: string,
  synonyms: SynonymTable | undefined,
  synonymWeight: number,
  isKnownTerm: (term: string) => boolean,
  wordWeight?: (word: string) => number,
): Map<string, number> {
  const own = new Map<string, number>();
  for (const word of splitWords(query)) {
    if (STOP_WORDS.has(word)) continue;
    const term = stemTerm(word);
    const weight = wordWeight?.(word) ?? 1;
    if ((own.get(term) ?? 0) < weight) own.set(term, weight);
  }
  const weights = new Map(own);
  if (synonyms === undefined || synonymWeight <= 0) return weights;
  for (const [term, termWeight] of own) {
    if (GENERIC_VERBS.has(term)) continue;
    let added = 0;
    for (const related of synonyms.get(term) ?? []) {
      if (added >= maximumRelatedTerms) break;
      if (GENERIC_VERBS.has(related.term) || !isKnownTerm(related.term)) continue;
      added++;
      const weight = synonymWeight * related.weight * termWeight;
      if ((weights.get(related.term) ?? 0) < weight) weights.set(related.term, weight);
    }
  }
  return weights;
}
