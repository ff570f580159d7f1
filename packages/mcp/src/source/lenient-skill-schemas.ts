import { z } from 'zod';

/** The form of a file digest in a skill entry: `sha256:` and 64 lowercase hexadecimal characters. */
export const SKILL_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

// Lenient on purpose: a consumer checks each entry on its own, so one bad entry refuses one skill.

/** One file of a skill entry's manifest: its URI, digest and size in bytes. */
export const skillResourceSchema = z.looseObject({
  uri: z.string().min(1),
  digest: z.string(),
  size: z.number().int().min(0),
});

/** A skill entry of `skills/list` and `skills/get`: the `SKILL.md` URI, verbatim frontmatter and files. */
export const skillEntrySchema = z.looseObject({
  uri: z.string().min(1),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.unknown(),
});

/** The result of `skills/list`: one page of entries and the cursor of the next. */
export const listSkillsResultSchema = z.looseObject({
  skills: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** The result of `skills/get`. */

/** One file of a skill entry, as validated. */
export type SkillResourceRef = z.output<typeof skillResourceSchema>;

/** One skill entry, as validated before its `resources` are checked. */
export type SkillExtensionEntry = z.output<typeof skillEntrySchema>;
