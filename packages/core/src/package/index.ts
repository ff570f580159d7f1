export { COMPRESSION_RATIO_FLOOR_BYTES } from './check-package-entries.ts';
export { PACKAGE_ISSUE_CODES, type PackageIssueCode } from './package-issue-codes.ts';
export {
  type ReadSkillMarkdownUploadOptions,
  readSkillMarkdownUpload,
} from './read-skill-markdown-upload.ts';
export {
  DEFAULT_MAX_COMPRESSION_RATIO,
  type ReadSkillPackageOptions,
  type ReadSkillPackageResult,
  readSkillPackage,
  type SkillPackageContents,
  type SkillPackageRefusal,
} from './read-skill-package.ts';
export type { SkillPackageFile } from './skill-package-file.ts';
export { type WriteSkillPackageOptions, writeSkillPackage } from './write-skill-package.ts';
