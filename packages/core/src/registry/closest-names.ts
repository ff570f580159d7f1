/** Returns up to `limit` candidates closest to `name` by edit distance, best first. */
export function closestNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const target = name.toLowerCase();
  const maximumDistance = Math.max(2, Math.floor(target.length / 3));
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const distance =
        lower.includes(target) || target.includes(lower) ? 1 : editDistance(target, lower);
      return { candidate, distance };
    })
    .filter(({ distance }) => distance <= maximumDistance)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
