import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillRecord } from './skill-source.ts';

/** Options for {@link createSkillRecord}. */
export interface CreateSkillRecordOptions {
  /** The parse result of the skill's frontmatter. */
  parsed: { valid: boolean; manifest?: SkillManifest; issues: SkillIssue[] };
  /** The skill folder. */
  path: string;
  /** The `SKILL.md` path. */
  skillFile: string;
  /** The folder's own name, used as the name when the frontmatter has none. */
  folderName: string;
  size?: number;
  mtimeMs?: number;
  /** The skill folder's real path, when a symbolic link led to it. */
  realPath?: string;
}

/** Builds the record a source reports for one parsed skill. */
export function createSkillRecord(options: CreateSkillRecordOptions): SkillRecord {
  const { parsed } = options;
  const record: SkillRecord = {
    name: parsed.manifest?.name ?? options.folderName,
    description: parsed.manifest?.description ?? '',
    valid: parsed.valid,
    issues: parsed.issues,
    path: options.path,
    skillFile: options.skillFile,
  };
  if (parsed.manifest !== undefined) record.manifest = parsed.manifest;
  if (options.size !== undefined) record.size = options.size;
  if (options.mtimeMs !== undefined) record.mtimeMs = options.mtimeMs;
  if (options.realPath !== undefined) record.realPath = options.realPath;
  return record;
}
