/** Collects a stream's bytes up to a limit, counting (and dropping) the rest. */
export interface CappedOutput {
  push(chunk: Buffer): void;
  /** The kept bytes as text, with a note at the end when some were dropped. */
  text(stream: 'stdout' | 'stderr'): string;
  readonly truncated: boolean;
}

/** Creates a collector that keeps the first `limit` bytes; the stream keeps draining past it. */
export function createCappedOutput(limit: number): CappedOutput {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      if (kept >= limit) return;
      const part = chunk.length <= limit - kept ? chunk : chunk.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    },
    text(stream) {
      const text = Buffer.concat(chunks).toString('utf8');
      if (total <= limit) return text;
      return `${text}\n[skillset: ${stream} cut at ${limit} bytes; the script wrote ${total} bytes and the rest was discarded]\n`;
    },
    get truncated() {
      return total > limit;
    },
  };
}
