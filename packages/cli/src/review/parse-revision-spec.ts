/** A skill and, when given, one of its revisions: `deploy` or `deploy@6`. */
export interface RevisionSpec {
  name: string;
  version?: number;
}

/** Parses `NAME[@VERSION]`; a string is the message for a malformed one. */
export function parseRevisionSpec(text: string): RevisionSpec | string {
  const match = /^([^@\s]+)(?:@v?(\d{1,9}))?$/.exec(text.trim());
  if (match === null || match[1] === undefined) {
    return `'${text}' is not NAME or NAME@VERSION (e.g. deploy or deploy@6).`;
  }
  const version = match[2] === undefined ? undefined : Number(match[2]);
  if (version === 0) return `'${text}' names version 0; versions start at 1.`;
  return version === undefined ? { name: match[1] } : { name: match[1], version };
}
