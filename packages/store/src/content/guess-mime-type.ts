import { guessMimeType as guessKnownMimeType } from '@skillset/core';

/** Guesses a file's media type from its extension; unknown extensions are `application/octet-stream`. */
export function guessMimeType(path: string): string {
  return guessKnownMimeType(path) ?? 'application/octet-stream';
}
