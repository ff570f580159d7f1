/** Counts the requests whose handler has not answered yet, so a shutdown can wait for them. */
export interface RequestsInFlight {
  /** Wraps a fetch handler so its requests are counted until it returns a response. */
  track<Args extends unknown[], Result>(
    handler: (...args: Args) => Result,
  ): (...args: Args) => Promise<Result>;
  readonly count: number;
  /** Resolves once no request is in flight, or after `graceMs` at most; true when drained. */
  drained(graceMs: number): Promise<boolean>;
}

/**
 * Creates a {@link RequestsInFlight}. A streamed response (events, MCP) counts only until its
 * handler returns the response: the stream itself is ended by whoever owns it.
 */
export function createRequestsInFlight(): RequestsInFlight {
  let count = 0;
  const waiting = new Set<() => void>();
  const done = () => {
    count -= 1;
    if (count === 0) for (const wake of waiting) wake();
  };
  return {
    track(handler) {
      return async (...args) => {
        count += 1;
        try {
          return await handler(...args);
        } finally {
          done();
        }
      };
    },
    get count() {
      return count;
    },
    drained(graceMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (drained: boolean) => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(drained);
        };
        const wake = () => finish(true);
        const timer = setTimeout(() => finish(false), graceMs);
        waiting.add(wake);
      });
    },
  };
}
