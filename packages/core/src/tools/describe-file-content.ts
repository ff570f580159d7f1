/** How a file's bytes are shown to a model: as text, or as a note about a binary file. */
export interface FileContent {
  kind: 'text' | 'binary';
  /** The text (possibly truncated), or the note describing the binary file. */
  text: string;
  size: number;
  mimeType: string;
  truncated: boolean;
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  js: 'text/javascript',
  ts: 'text/typescript',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  html: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  wasm: 'application/wasm',
};

/** Guesses a MIME type from a file's extension. */
export function guessMimeType(path: string, binary: boolean): string {
  const extension = path.split('/').at(-1)?.split('.').slice(1).at(-1)?.toLowerCase();
  const known = extension === undefined ? undefined : MIME_TYPES[extension];
  return known ?? (binary ? 'application/octet-stream' : 'text/plain');
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
    const mimeType = guessMimeType(path, true);
    return {
      kind: 'binary',
      text: `${path} is a binary file (${mimeType}, ${size} bytes); its content is not shown as text.`,
      size,
      mimeType,
      truncated: false,
    };
  }
  const mimeType = guessMimeType(path, false);
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
