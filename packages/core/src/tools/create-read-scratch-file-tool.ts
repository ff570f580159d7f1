import { z } from 'zod';
import { SkillsetError } from '../errors/skillset-error.ts';
import type { ActivationSession } from '../invoke/activation-session.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import { defineSkillTool } from './define-skill-tool.ts';
import { maskSecretValues } from './mask-secret-values.ts';
import { findScriptAccess } from './script-tool-access.ts';
import type { SecretsForFunction, SkillScriptRunner } from './skill-script-runner.ts';
import type { SkillTool, SkillToolResult } from './skill-tool.ts';
import { toolFailure, toolFailureFromError, toolSuccess } from './tool-result.ts';

/** The default largest part of a scratch file `read_scratch_file` returns, in bytes. */
export const DEFAULT_MAX_SCRATCH_FILE_BYTES = 64 * 1024;

/** Options for {@link createReadScratchFileTool}. */
export interface ReadScratchFileToolOptions {
  registry: SkillRegistry;
  gate: PolicyGate;
  session: ActivationSession;
  runner: SkillScriptRunner;
  /** The values to mask in what is read: the skill's secrets; default none. */
  secretsFor?: SecretsForFunction;
  /** Largest part returned, in bytes; default {@link DEFAULT_MAX_SCRATCH_FILE_BYTES}. */
  maxFileBytes?: number;
}

/** What `read_scratch_file` returns besides the text. */
export interface ReadScratchFileData {
  skill: string;
  path: string;
  kind: 'text' | 'binary';
  size: number;
  truncated: boolean;
}

/** The bytes as UTF-8 text, or undefined when they are binary (a NUL, or invalid UTF-8). */
function decodeText(bytes: Uint8Array, cut: boolean): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    // With `stream`, a character cut in two at the end is held back instead of refused.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: cut });
  } catch {
    return undefined;
  }
}

/**
 * Creates `read_scratch_file {skill, path}` (policy surface `run`): reads a file that a script of
 * an active skill wrote to its scratch folder, size-capped, confined to that folder, with the
 * skill's secret values masked.
 */
export function createReadScratchFileTool(
  options: ReadScratchFileToolOptions,
): SkillTool<ReadScratchFileData> {
  const { runner, secretsFor } = options;
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_SCRATCH_FILE_BYTES;
  return defineSkillTool({
    name: 'read_scratch_file',
    description:
      "Read a file that a skill's script wrote to its scratch folder (run_skill_script lists them), by path relative to that folder.",
    input: z
      .object({
        skill: z.string().min(1).describe('The active skill whose script wrote the file.'),
        path: z
          .string()
          .min(1)
          .describe('The file path relative to the scratch folder, e.g. "out/report.json".'),
      })
      .strict(),
    async run({ skill, path }): Promise<SkillToolResult<ReadScratchFileData>> {
      let normalized: string;
      try {
        normalized = normalizeSkillFilePath(path);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return toolFailure(error.code, error.message);
        throw error;
      }
      const access = await findScriptAccess(options, skill, 'read_scratch_file');
      if (!access.ok) return access.failure;
      const { entry } = access;
      let secrets: Readonly<Record<string, string>>;
      try {
        secrets = (await secretsFor?.(entry))?.values ?? {};
      } catch {
        return toolFailure(
          'secrets_unavailable',
          `The secrets of skill ${JSON.stringify(entry.name)} could not be read, so its scratch files cannot be shown safely.`,
        );
      }
      let read: Awaited<ReturnType<SkillScriptRunner['readScratchFile']>>;
      try {
        read = await runner.readScratchFile(entry, normalized, maxBytes);
      } catch (error) {
        const failure = toolFailureFromError(error);
        return {
          ok: false,
          error: { ...failure.error, message: maskSecretValues(failure.error.message, secrets) },
        };
      }
      const truncated = read.size > read.bytes.byteLength;
      const shownPath = maskSecretValues(normalized, secrets);
      const text = decodeText(read.bytes, truncated);
      const data = { skill: entry.name, path: shownPath, size: read.size, truncated };
      if (text === undefined) {
        return toolSuccess(
          `${shownPath} is a binary file (${read.size} bytes); its content is not shown as text.`,
          { ...data, kind: 'binary', truncated: false },
        );
      }
      const masked = maskSecretValues(text, secrets, { cut: truncated });
      const note = truncated
        ? `\n… (truncated: showing ${read.bytes.byteLength} of ${read.size} bytes)`
        : '';
      return toolSuccess(`${masked}${note}`, { ...data, kind: 'text' });
    },
  });
}
