import { z } from 'zod';
import { applySkillEdit, type SkillEdit } from './apply-skill-edit.ts';
import { checkSkillWrite } from './check-skill-write.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { type ManagementContext, notInStore } from './management-context.ts';
import { patchSkillFrontmatter } from './patch-skill-frontmatter.ts';
import { skillFieldsShape, toFrontmatterFields } from './skill-fields-schema.ts';
import type { SkillTool } from './skill-tool.ts';
import { formatIssues, toolFailure, toolSuccess } from './tool-result.ts';

const OPERATIONS = ['replace', 'find_replace', 'append', 'prepend', 'delete'] as const;

/** Which optional fields each operation needs and accepts. */
const OPERATION_FIELDS: Record<
  (typeof OPERATIONS)[number],
  { needs: string[]; accepts: string[] }
> = {
  replace: { needs: ['content'], accepts: ['content', 'target'] },
  find_replace: {
    needs: ['find', 'replace_with'],
    accepts: ['find', 'replace_with', 'replace_all'],
  },
  append: { needs: ['content'], accepts: ['content'] },
  prepend: { needs: ['content'], accepts: ['content'] },
  delete: { needs: ['find'], accepts: ['find', 'replace_all'] },
};
const OPERAND_FIELDS = ['content', 'target', 'find', 'replace_with', 'replace_all'] as const;

const nullable = Object.fromEntries(
  Object.entries(skillFieldsShape).map(([key, schema]) => [key, schema.nullable().optional()]),
) as {
  [Key in keyof typeof skillFieldsShape]: z.ZodOptional<
    z.ZodNullable<(typeof skillFieldsShape)[Key]>
  >;
};

const input = z
  .object({
    skill: z.string().min(1).describe('The skill to change.'),
    operation: z
      .enum(OPERATIONS)
      .optional()
      .describe(
        'replace: new body (or whole SKILL.md with target "skill_md"); find_replace: exact text → replace_with; append / prepend: add content to the end / start of the body; delete: remove the exact text in find.',
      ),
    content: z.string().optional().describe('The text for replace, append and prepend.'),
    target: z
      .enum(['body', 'skill_md'])
      .optional()
      .describe('What replace replaces: the body (default) or the whole SKILL.md.'),
    find: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Exact text to find (find_replace, delete); it must occur once unless replace_all.',
      ),
    replace_with: z.string().optional().describe('The replacement text (find_replace).'),
    replace_all: z.boolean().optional().describe('Change every occurrence of find.'),
    metadata: z
      .object({ description: z.string().min(1).optional(), ...nullable })
      .strict()
      .optional()
      .describe(
        'Frontmatter fields to set (null removes one), e.g. {"description": "…", "tags": ["a"]}.',
      ),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.operation === undefined) {
      if (value.metadata === undefined) {
        context.addIssue({ code: 'custom', message: 'give an "operation", "metadata", or both' });
      }
      for (const field of OPERAND_FIELDS) {
        if (value[field] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'is only used together with an "operation"',
          });
        }
      }
      return;
    }
    const { needs, accepts } = OPERATION_FIELDS[value.operation];
    for (const field of needs) {
      if (value[field as (typeof OPERAND_FIELDS)[number]] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `is required by operation "${value.operation}"`,
        });
      }
    }
    for (const field of OPERAND_FIELDS) {
      if (value[field] !== undefined && !accepts.includes(field)) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `is not used by operation "${value.operation}"`,
        });
      }
    }
  });

type UpdateInput = z.output<typeof input>;

/** What `update_skill` returns besides the text. */
export interface UpdateSkillData {
  name: string;
  text: string;
  changed: boolean;
}

function toEdit(value: UpdateInput): SkillEdit | undefined {
  const { operation, content = '', find = '', replace_with = '', replace_all, target } = value;
  switch (operation) {
    case undefined:
      return undefined;
    case 'replace':
      return { operation, content, ...(target === undefined ? {} : { target }) };
    case 'find_replace':
      return { operation, find, replaceWith: replace_with, replaceAll: replace_all === true };
    case 'delete':
      return { operation, find, replaceAll: replace_all === true };
    default:
      return { operation, content };
  }
}

/** Builds `update_skill`: edits a stored skill by operation and/or metadata, validating before writing. */
export function defineUpdateSkillTool(context: ManagementContext): SkillTool<UpdateSkillData> {
  const { gate, store, afterWrite } = context;
  return defineSkillTool<typeof input, UpdateSkillData>({
    name: 'update_skill',
    description:
      'Change an existing skill: edit its SKILL.md with one operation (replace, find_replace, append, prepend, delete) and/or set frontmatter fields with metadata. The result is validated first; if it has errors nothing is written and every issue is listed.',
    input,
    async run(value) {
      const gated = await gate.authorize(value.skill, 'manage_tool', 'update_skill', {
        includeInvalid: true,
      });
      if (!gated.ok) return gated.failure;
      const { entry } = gated;
      const current = await store.read(entry.name);
      if (current === undefined) return notInStore(entry, store);
      let text = current;
      const edit = toEdit(value);
      if (edit !== undefined) {
        const edited = applySkillEdit(text, edit);
        if (!edited.success) return toolFailure(edited.code, edited.message);
        text = edited.text;
      }
      if (value.metadata !== undefined) {
        const patched = patchSkillFrontmatter(text, toFrontmatterFields(value.metadata));
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
