/** Options of `splitConfidentMatches`. */
export interface SplitConfidentMatchesOptions {
  /** A match is confident when its score is at least this share of the best score (default 0.5). */
  share?: number;
  /** At most this many confident matches: a screenful (default 10). */
  maximum?: number;
}

/** Ranked matches split into the confident head and the weaker tail. */
export interface SplitConfidentMatchesResult<Match> {
  confident: Match[];
  weaker: Match[];
}

/**
 * Splits matches, best first, into confident ones (score at least half the best, at most ten)
 * and the weaker rest, which a search may fold away (docs/decisions/0153).
 */
export function splitConfidentMatches<Match extends { score: number }>(
  matches: readonly Match[],
  options: SplitConfidentMatchesOptions = {},
): SplitConfidentMatchesResult<Match> {
  const share = options.share ?? 0.5;
  const maximum = options.maximum ?? 10;
  const best = matches[0]?.score ?? 0;
  let count = 0;
  while (
    count < matches.length &&
    count < maximum &&
    best > 0 &&
    (matches[count]?.score ?? 0) >= share * best
  ) {
    count++;
  }
  return { confident: matches.slice(0, count), weaker: matches.slice(count) };
}
