export {
  type ApplySkillEditResult,
  applySkillEdit,
  type SkillEdit,
} from './apply-skill-edit.ts';
export {
  type CheckSkillWriteOptions,
  type CheckSkillWriteResult,
  checkSkillWrite,
} from './check-skill-write.ts';
export {
  type AvailableTool,
  createDispatchTools,
  type DispatchToolsOptions,
} from './create-dispatch-tools.ts';
export {
  createMemorySkillStore,
  type MemorySkillStoreOptions,
} from './create-memory-skill-store.ts';
export {
  createReadScratchFileTool,
  DEFAULT_MAX_SCRATCH_FILE_BYTES,
  type ReadScratchFileData,
  type ReadScratchFileToolOptions,
} from './create-read-scratch-file-tool.ts';
export {
  createReadSkillFileTool,
  DEFAULT_MAX_FILE_BYTES,
  type ReadSkillFileData,
  type ReadSkillFileToolOptions,
} from './create-read-skill-file-tool.ts';
export {
  createRunSkillScriptTool,
  DEFAULT_MAX_SCRIPT_OUTPUT_CHARS,
  type RunSkillScriptData,
  type RunSkillScriptToolOptions,
} from './create-run-skill-script-tool.ts';
export {
  createSandboxSkillsApi,
  type SandboxSkill,
  type SandboxSkillSummary,
  type SandboxSkillsApi,
  type SandboxSkillsApiOptions,
} from './create-sandbox-skills-api.ts';
export {
  createSearchSkillsTool,
  MAX_SEARCH_LIMIT,
  type SearchSkillsToolOptions,
} from './create-search-skills-tool.ts';
export {
  createSkillTools,
  SCRIPT_TOOL_NAMES,
  type SkillScriptToolsOptions,
  type SkillToolsOptions,
} from './create-skill-tools.ts';
export {
  createUseSkillTool,
  type RunForkFunction,
  SKILL_ENUM_LIMIT,
  type UseSkillData,
  type UseSkillToolOptions,
} from './create-use-skill-tool.ts';
export type { ListedSkill } from './define-list-skills-tool.ts';
export type { ReadSkillData } from './define-read-skill-tool.ts';
export {
  type DefineSkillToolOptions,
  defineSkillTool,
  toInputSchema,
} from './define-skill-tool.ts';
export { describeFileContent, type FileContent } from './describe-file-content.ts';
export { omitNullOptionals } from './omit-null-optionals.ts';
export {
  type PatchSkillFrontmatterResult,
  patchSkillFrontmatter,
} from './patch-skill-frontmatter.ts';
export {
  type ApprovalKey,
  approvalActionOf,
  type RememberApprovalsOptions,
  type RememberedApprovals,
  type RememberingApprovalAnswer,
  type RememberingApprovalRequest,
  type RememberingApproveFunction,
  rememberApprovals,
  skillContentDigest,
} from './remembered-approvals.ts';
export { renderForkRequest } from './render-fork-request.ts';
export { runNamedTool } from './run-named-tool.ts';
export {
  checkSkillEditInput,
  SKILL_EDIT_OPERATIONS,
  type SkillEditInput,
  skillEditInputShape,
  skillMetadataInputShape,
  toSkillEdit,
} from './skill-edit-input.ts';
export type {
  ScratchFileRead,
  SecretsForFunction,
  SkillScriptOutput,
  SkillScriptRequest,
  SkillScriptRunner,
  SkillScriptRunRecord,
  SkillSecrets,
  WithheldSkillSecret,
} from './skill-script-runner.ts';
export type { NewStoredSkill, SkillStore } from './skill-store.ts';
export type {
  SkillTool,
  SkillToolError,
  SkillToolFailure,
  SkillToolResult,
  SkillToolSuccess,
  ToolInputSchema,
} from './skill-tool.ts';
export { isStrictInputSchema, toStrictInputSchema } from './to-strict-input-schema.ts';
export {
  formatToolResult,
  type ToolFailureDetails,
  toolFailure,
  toolFailureFromError,
  toolSuccess,
} from './tool-result.ts';
