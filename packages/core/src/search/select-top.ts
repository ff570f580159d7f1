/** Returns the indices of the `limit` highest scores among `candidates`, best first; ties by `compare`. */
export function selectTop(
  candidates: ArrayLike<number>,
  scores: ArrayLike<number>,
  limit: number,
  compare: (left: number, right: number) => number,
): number[] {
  const better = (left: number, right: number): boolean => {
    const difference = (scores[left] ?? 0) - (scores[right] ?? 0);
    return difference !== 0 ? difference > 0 : compare(left, right) < 0;
  };
  // Min-heap of the best `limit` candidates: heap[0] is the worst kept.
  const heap: number[] = [];
  const siftDown = (start: number): void => {
    let position = start;
    for (;;) {
      const left = 2 * position + 1;
      const right = left + 1;
      let worst = position;
      if (left < heap.length && better(heap[worst] as number, heap[left] as number)) worst = left;
      if (right < heap.length && better(heap[worst] as number, heap[right] as number))
        worst = right;
      if (worst === position) return;
      [heap[position], heap[worst]] = [heap[worst] as number, heap[position] as number];
      position = worst;
    }
  };
  const siftUp = (start: number): void => {
    let position = start;
    while (position > 0) {
      const parent = (position - 1) >> 1;
      if (!better(heap[parent] as number, heap[position] as number)) return;
      [heap[position], heap[parent]] = [heap[parent] as number, heap[position] as number];
      position = parent;
    }
  };
  if (limit <= 0) return [];
  const order = (left: number, right: number): number =>
    better(left, right) ? -1 : better(right, left) ? 1 : 0;
  // A catalog ranks hundreds of entries: when every candidate is kept, one sort beats the heap.
  if (candidates.length <= limit) return Array.from(candidates).sort(order);
  for (let offset = 0; offset < candidates.length; offset++) {
    const candidate = candidates[offset] as number;
    if (heap.length < limit) {
      heap.push(candidate);
      siftUp(heap.length - 1);
    } else if (better(candidate, heap[0] as number)) {
      heap[0] = candidate;
      siftDown(0);
    }
  }
  return heap.sort(order);
}
