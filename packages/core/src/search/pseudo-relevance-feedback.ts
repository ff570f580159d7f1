import type { InvertedIndex } from './build-inverted-index.ts';

/** Settings of pseudo-relevance feedback (RM3-style query expansion from the top results). */
export interface FeedbackSettings {
  /** How many top documents feed the expansion (0 turns feedback off). */
  documents: number;
  /** How many expansion terms are added. */
  terms: number;
  /** Weight of the expansion terms relative to the original query terms. */
  weight: number;
}

/** Picks expansion terms from the name, description and tags of the top documents, weighted by score and rarity. */
export function collectFeedbackTerms(
  index: InvertedIndex,
  topDocuments: readonly number[],
  scores: ArrayLike<number>,
  queryTerms: ReadonlyMap<string, number>,
  settings: FeedbackSettings,
): Map<string, number> {
  const candidates = new Map<string, number>();
  const best = scores[topDocuments[0] ?? 0] ?? 0;
  if (best <= 0) return new Map();
  for (const document of topDocuments) {
    const relevance = Math.exp((scores[document] ?? 0) / best - 1);
    const terms = index.summaryTerms[document];
    if (terms === undefined) continue;
    let total = 0;
    for (const count of terms.values()) total += count;
    for (const [term, count] of terms) {
      if (queryTerms.has(term)) continue;
      const frequency = index.documentFrequency.get(term) ?? 1;
      // Terms spread over many documents say little about this topic.
      const rarity = Math.log(index.documentCount / frequency);
      if (rarity <= 0) continue;
      candidates.set(term, (candidates.get(term) ?? 0) + (relevance * count * rarity) / total);
    }
  }
  // A term must occur in at least two feedback documents' vocabulary to be trusted.
  const support = new Map<string, number>();
  for (const document of topDocuments) {
    for (const term of index.summaryTerms[document]?.keys() ?? []) {
      support.set(term, (support.get(term) ?? 0) + 1);
    }
  }
  const ranked = [...candidates]
    .filter(([term]) => (support.get(term) ?? 0) >= 2)
    .sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
    .slice(0, settings.terms);
  const strongest = ranked[0]?.[1] ?? 0;
  const expansion = new Map<string, number>();
  for (const [term, value] of ranked) expansion.set(term, (settings.weight * value) / strongest);
  return expansion;
}
