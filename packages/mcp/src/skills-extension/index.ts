export {
  type DescribeSkillEntryOptions,
  type DescribeSkillEntryResult,
  describeSkillEntry,
  skillEntryUri,
} from './describe-skill-entry.ts';
export {
  type ListDirectoryChildrenOptions,
  listDirectoryChildren,
} from './list-directory-children.ts';
export {
  type ReadVerbatimFrontmatterResult,
  readVerbatimFrontmatter,
} from './read-verbatim-frontmatter.ts';
export {
  DEFAULT_SKILLS_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  type RegisterSkillsExtensionOptions,
  registerSkillsExtension,
  SKILLS_TTL_MS,
} from './register-skills-extension.ts';
export { sha256Digest } from './sha256-digest.ts';
export {
  DIRECTORY_MIME_TYPE,
  DIRECTORY_READ_METHOD,
  type DirectoryChild,
  DirectoryChildSchema,
  GetSkillRequestSchema,
  type GetSkillResult,
  GetSkillResultSchema,
  LEFT_OUT_SKILLS_META_KEY,
  type LeftOutSkill,
  LeftOutSkillSchema,
  ListSkillsRequestSchema,
  type ListSkillsResult,
  ListSkillsResultSchema,
  MAX_SKILL_RESOURCES,
  MAX_SKILL_TOTAL_BYTES,
  ReadResourceDirectoryRequestSchema,
  type ReadResourceDirectoryResult,
  ReadResourceDirectoryResultSchema,
  SKILLS_EXTENSION_ID,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
  type Skill,
  type SkillResource,
  SkillResourceSchema,
  SkillSchema,
} from './skills-extension-schemas.ts';
