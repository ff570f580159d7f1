import { z } from 'zod';
import { SkillsetError } from '../errors/skillset-error.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { describeFileContent, type FileContent } from './describe-file-content.ts';
import type { SkillTool } from './skill-tool.ts';
import { toolFailure, toolSuccess } from './tool-result.ts';

/** The default largest text returned by `read_skill_file`, in bytes (longer files are truncated). */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024;

/** Options for {@link createReadSkillFileTool}. */
export interface ReadSkillFileToolOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  /** Longest text returned, in bytes; default {@link DEFAULT_MAX_FILE_BYTES}. */
  maxFileBytes?: number;
}

/** What `read_skill_file` returns besides the text. */
export interface ReadSkillFileData extends Omit<FileContent, 'text'> {
  skill: string;
  path: string;
}

/** Creates `read_skill_file {skill, path}`: one file of a skill, confined to its folder (policy surface `read`). */
export function createReadSkillFileTool(
  options: ReadSkillFileToolOptions,
): SkillTool<ReadSkillFileData> {
  const { registry, gate, maxFileBytes = DEFAULT_MAX_FILE_BYTES } = options;
  return defineSkillTool({
    name: 'read_skill_file',
    description:
      "Read a file of a skill's package (a reference, template or script next to its SKILL.md), by path relative to the skill's folder.",
    input: z
      .object({
        skill: z.string().min(1).describe('The skill whose file to read.'),
        path: z
          .string()
          .min(1)
          .describe('The file path relative to the skill folder, e.g. "references/api.md".'),
      })
      .strict(),
    async run({ skill, path }) {
      let normalized: string;
      try {
        normalized = normalizeSkillFilePath(path);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return toolFailure(error.code, error.message);
        throw error;
      }
      const gated = await gate.authorize(skill, 'read_skill_file', 'read_skill_file');
      if (!gated.ok) return gated.failure;
      const { entry } = gated;
      let bytes: Uint8Array;
      try {
        bytes = await registry.readFile(entry, normalized);
      } catch (error) {
        if (SkillsetError.isInstance(error) && error.code === 'skill_file_not_found') {
          const files = await registry.listFiles(entry).catch(() => []);
          const listed = files.slice(0, 20).map((file) => file.path);
          const more = files.length > listed.length ? `, … (${files.length} files)` : '';
          return toolFailure(
            'skill_file_not_found',
            `Skill ${JSON.stringify(entry.name)} has no file ${JSON.stringify(normalized)}. Its files: ${listed.join(', ')}${more}.`,
          );
        }
        throw error;
      }
      const { text, ...content } = describeFileContent(normalized, bytes, maxFileBytes);
      return toolSuccess(text, { ...content, skill: entry.name, path: normalized });
    },
  });
}
