import { z } from 'zod';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import { checkSkillWrite } from './check-skill-write.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import type { ManagementContext } from './management-context.ts';
import { skillFieldsInputShape, skillTextOfFields } from './skill-text-of-fields.ts';
import type { SkillTool } from './skill-tool.ts';
import { formatIssues, toolFailure, toolSuccess } from './tool-result.ts';

const filesDescription =
  'Other text files of the skill: each a path relative to its folder (e.g. "reference.md") and its content.';
const fileList = z
  .array(z.object({ path: z.string().min(1), content: z.string() }).strict())
  .describe(filesDescription);

const fields = z
  .object({
    text: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The whole SKILL.md: a --- line, YAML frontmatter with name and description, a --- line, then the Markdown instructions. Give this or the fields name, description and body.',
      ),
    // A record by path is accepted too, for hosts; strict mode cannot express it, so models see the list.
    files: z
      .union([fileList, z.record(z.string(), z.string())])
      .optional()
      .describe(filesDescription),
  })
  .extend(skillFieldsInputShape)
  .strict();

const advertised = fields.extend({ files: fileList.optional() });

const input = fields.superRefine((value, context) => {
  const fieldKeys = Object.keys(value).filter(
    (key) => key !== 'text' && key !== 'files' && value[key as keyof typeof value] !== undefined,
  );
  if (value.text !== undefined) {
    if (fieldKeys.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `give either "text" or separate fields, not both (got text and ${fieldKeys.join(', ')})`,
      });
    }
    return;
  }
  for (const key of ['name', 'description', 'body'] as const) {
    if (value[key] === undefined) {
      context.addIssue({
        code: 'custom',
        path: [key],
        message: 'is required when "text" is not given',
      });
    }
  }
});

/** Builds `create_skill`: validates a new SKILL.md (text or fields) and saves it to the store. */
export function defineCreateSkillTool(
  context: ManagementContext,
): SkillTool<{ name: string; text: string }> {
  const { registry, store, gate, afterWrite } = context;
  return defineSkillTool({
    name: 'create_skill',
    description:
      'Create a new skill from its full SKILL.md text (or from name, description, body and other fields). The skill is validated first; if it has errors nothing is saved and every issue is listed so you can fix and re-submit.',
    input,
    advertised,
    async run(fields) {
      const { text: givenText, files, ...rest } = fields;
      const text = givenText ?? skillTextOfFields(rest);
      const checked = checkSkillWrite({ text });
      if (!checked.valid) {
        return toolFailure(
          'invalid_skill',
          `The skill was not created because SKILL.md has errors; fix them and call create_skill again:\n${formatIssues(checked.issues)}`,
          { issues: checked.issues },
        );
      }
      const { manifest, warnings } = checked;
      const decision = gate.decideSubject({ manifest, scope: store.scope }, 'manage_tool');
      if (!decision.allowed) {
        return toolFailure(
          'not_allowed',
          `You may not create a skill named ${JSON.stringify(manifest.name)} here.`,
        );
      }
      const normalizedFiles: Record<string, string> = {};
      const givenFiles = Array.isArray(files)
        ? files.map((file) => [file.path, file.content] as const)
        : Object.entries(files ?? {});
      for (const [path, content] of givenFiles) {
        const normalized = normalizeSkillFilePath(path);
        if (normalized.toLowerCase() === 'skill.md') {
          return toolFailure('invalid_input', 'Give the SKILL.md as "text", not under "files".');
        }
        if (normalized in normalizedFiles) {
          return toolFailure(
            'invalid_input',
            `The file ${JSON.stringify(normalized)} is given twice.`,
          );
        }
        normalizedFiles[normalized] = content;
      }
      if ((await store.read(manifest.name)) !== undefined) {
        return toolFailure(
          'skill_exists',
          `A skill named ${JSON.stringify(manifest.name)} already exists; change it with update_skill or pick another name.`,
        );
      }
      const existing = await registry.get(manifest.name);
      await store.create({ name: manifest.name, text, files: normalizedFiles });
      await afterWrite();
      const notes = [`Created skill ${JSON.stringify(manifest.name)} in ${store.location}.`];
      if (existing !== undefined && existing.scope !== store.scope) {
        notes.push(
          `Note: a skill of the same name exists in the ${existing.scope} scope; the one with the higher scope wins.`,
        );
      }
      if (warnings.length > 0) notes.push(`Warnings:\n${formatIssues(warnings)}`);
      const hint = manifest.argumentHint ? ` ${manifest.argumentHint}` : '';
      notes.push(`Invoke it with /${manifest.name}${hint}.`);
      return toolSuccess(notes.join('\n'), { name: manifest.name, text });
    },
  });
}
