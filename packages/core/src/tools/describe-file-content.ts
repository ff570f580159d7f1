import { guessMimeType } from '../files/guess-mime-type.ts';

/** How a file's bytes are shown to a model: as text, or as a note about a binary file. */
export interface FileContent {
  kind: 'text' | 'binary';
  /** The text (possibly truncated), or the note describing the binary file. */
  text: string;
  size: number;
  mimeType: string;
  truncated: boolean;
}

function mimeTypeOf(path: string, binary: boolean): string {
  return guessMimeType(path) ?? (binary ? 'application/octet-stream' : 'text/plain');
}

/** Decodes a file as UTF-8 text when it is text (valid UTF-8, no NUL byte), else describes it. */
export function describeFileContent(
  path: string,
  bytes: Uint8Array,
  maxBytes: number,
): FileContent {
  const size = bytes.byteLength;
  let text: string | undefined;
  if (!bytes.includes(0)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) {
    const mimeType = mimeTypeOf(path, true);
    return {
      kind: 'binary',
      text: `${path} is a binary file (${mimeType}, ${size} bytes); its content is not shown as text.`,
      size,
      mimeType,
      truncated: false,
    };
  }
  const mimeType = mimeTypeOf(path, false);
  if (size <= maxBytes) return { kind: 'text', text, size, mimeType, truncated: false };
  const kept = new TextDecoder('utf-8').decode(bytes.subarray(0, maxBytes)).replace(/\uFFFD$/, '');
  return {
    kind: 'text',
    text: `${kept}\n… (truncated: showing ${maxBytes} of ${size} bytes)`,
    size,
    mimeType,
    truncated: true,
  };
}
