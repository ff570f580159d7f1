import type { SkillLimits, WriteSkillPackageOptions } from '@skillset/core/authoring';

/** Work the package worker does: read an upload (a ZIP or a `SKILL.md`), or write a ZIP. */
export type PackageTask =
  | { kind: 'read'; format: 'zip' | 'markdown'; bytes: Uint8Array; limits: Partial<SkillLimits> }
  | { kind: 'write'; options: WriteSkillPackageOptions };
