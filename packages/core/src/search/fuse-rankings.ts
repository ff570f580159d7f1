/** One ranking to fuse: names best first, and how much it counts. */
export interface FusionInput {
  names: readonly string[];
  weight?: number;
}

/** Options of `fuseRankings`. */
export interface FuseRankingsOptions {
  /** The reciprocal-rank-fusion constant: larger flattens the head (default 60). */
  constant?: number;
}

/** A fused result: the name and its summed weighted reciprocal rank. */
export interface FusedResult {
  name: string;
  score: number;
}

/** Reciprocal rank fusion: each ranking adds `weight / (constant + rank)` to its names (weight 0 = ignored); best first. */
export function fuseRankings(
  rankings: readonly FusionInput[],
  options: FuseRankingsOptions = {},
): FusedResult[] {
  const constant = options.constant ?? 60;
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    const weight = ranking.weight ?? 1;
    if (weight <= 0) continue;
    ranking.names.forEach((name, position) => {
      scores.set(name, (scores.get(name) ?? 0) + weight / (constant + position + 1));
    });
  }
  return [...scores]
    .map(([name, score]) => ({ name, score }))
    .sort((left, right) => right.score - left.score || (left.name < right.name ? -1 : 1));
}
