import { z } from 'zod';
import { applySkillEdit } from './apply-skill-edit.ts';
import { checkSkillWrite } from './check-skill-write.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { type ManagementContext, notInStore } from './management-context.ts';
import { patchSkillFrontmatter } from './patch-skill-frontmatter.ts';
import {
  checkSkillEditInput,
  skillEditInputShape,
  skillMetadataInputShape,
  toSkillEdit,
} from './skill-edit-input.ts';
import { skillFieldsShape, toFrontmatterFields } from './skill-fields-schema.ts';
import type { SkillTool } from './skill-tool.ts';
import { formatIssues, toolFailure, toolSuccess } from './tool-result.ts';

const REMOVABLE_FIELDS = Object.keys(skillFieldsShape) as [
  keyof typeof skillFieldsShape,
  ...(keyof typeof skillFieldsShape)[],
];

const removeField = z
  .array(z.enum(REMOVABLE_FIELDS))
  .optional()
  .describe('Frontmatter fields to remove, e.g. ["tags"].');

const metadataDescription =
  'Frontmatter fields to set, e.g. {"description": "…", "tags": ["a"]}, and fields to remove.';

const input = z
  .object({
    skill: z.string().min(1).describe('The skill to change.'),
    ...skillEditInputShape,
    // `null` removes a field too, for hosts; strict mode sends null for "not given", so models use `remove`.
    metadata: z
      .object({ ...skillMetadataInputShape, remove: removeField })
      .strict()
      .optional()
      .describe(metadataDescription),
  })
  .strict()
  .superRefine((value, context) => {
    checkSkillEditInput(value, value.metadata !== undefined, context);
    for (const key of value.metadata?.remove ?? []) {
      if (value.metadata?.[key] !== undefined && value.metadata[key] !== null) {
        context.addIssue({
          code: 'custom',
          path: ['metadata', key],
          message: 'is both set and listed in "remove"',
        });
      }
    }
  });

const advertised = z
  .object({
    skill: z.string().min(1).describe('The skill to change.'),
    ...skillEditInputShape,
    metadata: z
      .object({
        description: skillMetadataInputShape.description,
        ...z.object(skillFieldsShape).partial().shape,
        remove: removeField,
      })
      .strict()
      .optional()
      .describe(metadataDescription),
  })
  .strict();

/** What `update_skill` returns besides the text. */
export interface UpdateSkillData {
  name: string;
  text: string;
  changed: boolean;
}

/** Builds `update_skill`: edits a stored skill by operation and/or metadata, validating before writing. */
export function defineUpdateSkillTool(context: ManagementContext): SkillTool<UpdateSkillData> {
  const { gate, store, afterWrite } = context;
  return defineSkillTool<typeof input, UpdateSkillData>({
    name: 'update_skill',
    description:
      'Change an existing skill: edit its SKILL.md with one operation (replace, find_replace, append, prepend, delete) and/or set frontmatter fields with metadata. The result is validated first; if it has errors nothing is written and every issue is listed.',
    input,
    advertised,
    async run(value) {
      const gated = await gate.authorize(value.skill, 'manage_tool', 'update_skill', {
        includeInvalid: true,
      });
      if (!gated.ok) return gated.failure;
      const { entry } = gated;
      const current = await store.read(entry.name);
      if (current === undefined) return notInStore(entry, store);
      let text = current;
      const edit = toSkillEdit(value);
      if (edit !== undefined) {
        const edited = applySkillEdit(text, edit);
        if (!edited.success) return toolFailure(edited.code, edited.message);
        text = edited.text;
      }
      if (value.metadata !== undefined) {
        const { remove = [], ...set } = value.metadata;
        const removed = Object.fromEntries(remove.map((key) => [key, null]));
        const patched = patchSkillFrontmatter(text, toFrontmatterFields({ ...set, ...removed }));
        if (!patched.success) return toolFailure(patched.code, patched.message);
        text = patched.text;
      }
      const checked = checkSkillWrite({ text, name: entry.name });
      if (!checked.valid) {
        return toolFailure(
          'invalid_skill',
          `The update was refused and nothing was written, because the result has errors:\n${formatIssues(checked.issues)}`,
          { issues: checked.issues },
        );
      }
      if (text === current) {
        return toolSuccess(`Skill ${JSON.stringify(entry.name)} is unchanged.`, {
          name: entry.name,
          text,
          changed: false,
        });
      }
      await store.update(entry.name, text);
      await afterWrite();
      const notes = [`Updated skill ${JSON.stringify(entry.name)}.`];
      if (checked.warnings.length > 0) notes.push(`Warnings:\n${formatIssues(checked.warnings)}`);
      return toolSuccess(notes.join('\n'), { name: entry.name, text, changed: true });
    },
  });
}
