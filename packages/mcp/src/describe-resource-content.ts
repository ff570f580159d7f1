import { guessMimeType, isTextMimeType } from '@skillset/core/serving';

/** A skill file as an MCP resource's contents: text, or base64 for binary files. */
export type ResourceContent =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string };

/** Options for {@link describeResourceContent}. */
export interface DescribeResourceContentOptions {
  uri: string;
  path: string;
  bytes: Uint8Array;
}

/** Text when the MIME type is textual and the bytes are valid UTF-8 without NUL; otherwise a base64 blob. */
export function describeResourceContent(options: DescribeResourceContentOptions): ResourceContent {
  const { uri, path, bytes } = options;
  const known = guessMimeType(path);
  const text = known === undefined || isTextMimeType(known) ? decodeText(bytes) : undefined;
  if (text !== undefined) return { uri, mimeType: known ?? 'text/plain', text };
  return {
    uri,
    mimeType: known ?? 'application/octet-stream',
    blob: encodeBase64(bytes),
  };
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunkSize = 0x8000;
  for (let offset = 0; offset < bytes.byteLength; offset += chunkSize) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunkSize));
  }
  return btoa(binary);
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
