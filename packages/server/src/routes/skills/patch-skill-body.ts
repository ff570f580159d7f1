import { z } from '@hono/zod-openapi';
import {
  checkSkillEditInput,
  skillEditInputShape,
  skillMetadataInputShape,
  toFrontmatterFields,
} from '@skillset/core/authoring';
import { versionNoteSchema } from './version-note-schema.ts';

const METADATA_KEYS = Object.keys(skillMetadataInputShape);

/**
 * The body of `PATCH /api/skills/{name}`: one of the five operations of core's `update_skill`
 * (flat fields), and/or frontmatter fields — under `metadata` or at the top level.
 */
export const patchSkillBodySchema = z
  .strictObject({
    ...skillEditInputShape,
    metadata: z.strictObject(skillMetadataInputShape).optional(),
    message: versionNoteSchema.optional(),
    ...skillMetadataInputShape,
  })
  .superRefine((value, context) => {
    const hasMetadata =
      value.metadata !== undefined ||
      METADATA_KEYS.some((key) => value[key as keyof typeof value] !== undefined);
    checkSkillEditInput(value, hasMetadata, context);
  })
  .openapi('PatchSkillRequest');

/** A validated PATCH body. */
export type PatchSkillBody = z.output<typeof patchSkillBodySchema>;

/** The frontmatter fields a PATCH sets, keyed as written (`argument_hint` → `argument-hint`). */
export function frontmatterOfPatch(value: PatchSkillBody): Record<string, unknown> | undefined {
  const topLevel = Object.fromEntries(
    METADATA_KEYS.map((key) => [key, value[key as keyof PatchSkillBody]]),
  );
  const merged = toFrontmatterFields({ ...topLevel, ...value.metadata });
  return Object.keys(merged).length === 0 ? undefined : merged;
}
