import type { Terminal } from './terminal.ts';

/** A one-line progress indicator on stderr, shown only on a TTY. */
export interface Progress {
  update(message: string): void;
  done(): void;
}

const minimumIntervalMs = 80;

/** Creates a progress line that redraws at most every 80 ms and erases itself when done. */
export function createProgress(terminal: Terminal): Progress {
  const stream = terminal.stderr;
  if (!stream.isTTY) return { update() {}, done() {} };
  let lastDrawn = 0;
  let shown = false;
  return {
    update(message) {
      const now = Date.now();
      if (now - lastDrawn < minimumIntervalMs) return;
      lastDrawn = now;
      shown = true;
      stream.write(`\r\x1b[2K${message}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
