import { resolveSkillLimits, type SkillLimits } from '../format/skill-limits.ts';
import { utf8Length } from '../format/utf8-length.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import type { ReadSkillPackageResult } from './read-skill-package.ts';

/** Options for {@link readSkillMarkdownUpload}. */
export interface ReadSkillMarkdownUploadOptions {
  limits?: Partial<SkillLimits>;
}

/** Reads an uploaded `.md` as a package with no other files, under the same `SKILL.md` limits as a ZIP. */
export function readSkillMarkdownUpload(
  input: string | Uint8Array,
  options: ReadSkillMarkdownUploadOptions = {},
): ReadSkillPackageResult {
  const limits = resolveSkillLimits(options.limits);
  const size = typeof input === 'string' ? utf8Length(input) : input.length;
  if (size > limits.maxSkillFileBytes) {
    return {
      ok: false,
      issues: [
        createPackageIssue(
          'file_too_large',
          'error',
          `SKILL.md is ${size} bytes, more than the ${limits.maxSkillFileBytes} allowed; move long material into reference files and upload a ZIP.`,
        ),
      ],
    };
  }
  if (typeof input === 'string') return { ok: true, skillText: input, files: [], issues: [] };
  try {
    const skillText = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
    return { ok: true, skillText, files: [], issues: [] };
  } catch {
    const zip = input[0] === 0x50 && input[1] === 0x4b;
    const hint = zip ? ' (it looks like a ZIP: upload it as .zip)' : '; re-save the file as UTF-8';
    return {
      ok: false,
      issues: [createPackageIssue('invalid_utf8', 'error', `SKILL.md is not valid UTF-8${hint}.`)],
    };
  }
}
