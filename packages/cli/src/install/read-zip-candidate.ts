import { parseSkill } from '@skillset/core';
import { readSkillPackage } from '@skillset/core/authoring';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link readZipCandidate}. */
export interface ReadZipCandidateOptions {
  bytes: Uint8Array;
  /** How the ZIP is shown in messages. */
  source: string;
  /** The name to report when the ZIP holds no readable skill (the file name without `.zip`). */
  fallbackName: string;
}

const encoder = new TextEncoder();

/** Reads a skill ZIP with every check of an upload (`readSkillPackage`), then parses its `SKILL.md`. */
export function readZipCandidate(options: ReadZipCandidateOptions): SkillCandidate {
  const { source, fallbackName } = options;
  const read = readSkillPackage(options.bytes);
  if (!read.ok) {
    return {
      name: fallbackName,
      source,
      valid: false,
      issues: read.issues,
      skillBytes: new Uint8Array(),
      files: [],
    };
  }
  const parsed = parseSkill(read.skillText, {
    ...(read.folderName === undefined ? {} : { folderName: read.folderName }),
  });
  return {
    name: parsed.manifest?.name ?? read.folderName ?? fallbackName,
    source,
    valid: parsed.valid,
    // Installed in a folder named after the skill, whatever the ZIP's folder was called.
    issues: [...read.issues, ...parsed.issues].filter(
      (issue) => issue.code !== 'name_folder_mismatch',
    ),
    skillBytes: encoder.encode(read.skillText),
    files: read.files,
  };
}
