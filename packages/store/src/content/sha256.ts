import { createHash } from 'node:crypto';

/** The lowercase hex sha256 of bytes or UTF-8 text. */
export function sha256(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}
