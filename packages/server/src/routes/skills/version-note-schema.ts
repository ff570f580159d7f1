import { z } from '@hono/zod-openapi';

/** The most characters a version's change note may have. */
export const VERSION_NOTE_MAX = 500;

// Tab and line breaks are text; other control characters (NUL above all) cannot be stored as such.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A short note saved with a new version ("what changed"), trimmed; empty means none. */
export const versionNoteSchema = z
  .string()
  .trim()
  .max(VERSION_NOTE_MAX, {
    error: (issue) =>
      `A change note has at most ${VERSION_NOTE_MAX} characters; this one has ${String(issue.input).length}.`,
  })
  .refine((note) => !CONTROL_CHARACTER.test(note), {
    message: 'A change note cannot contain control characters other than tabs and line breaks.',
  })
  .openapi({
    description: `What changed in this version (at most ${VERSION_NOTE_MAX} characters).`,
  });
