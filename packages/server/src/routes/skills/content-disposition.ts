/** Characters RFC 5987 allows unescaped in `filename*` besides letters and digits. */
const ATTR_CHARACTERS = /[!#$&+\-.^_`|~]/;

function encodeExtendedValue(text: string): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(text)) {
    const character = String.fromCharCode(byte);
    encoded +=
      byte < 0x80 && (/[A-Za-z0-9]/.test(character) || ATTR_CHARACTERS.test(character))
        ? character
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * An `attachment` `Content-Disposition` that works for any file name: an ASCII `filename` fallback
 * (other characters as `_`) and the exact name as UTF-8 in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const ascii = `attachment; filename="${fallback}"`;
  return fallback === fileName
    ? ascii
    : `${ascii}; filename*=UTF-8''${encodeExtendedValue(fileName)}`;
}
