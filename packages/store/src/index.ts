export { createOwnerSignInCode, findInstanceOwner } from './bootstrap/create-owner-sign-in-code.ts';
export { ensureInstanceOwner } from './bootstrap/ensure-instance-owner.ts';
export { seedBuiltinSkills } from './bootstrap/seed-builtin-skills.ts';
export type { AccessChange } from './changes/access-change.ts';
export type { SkillChange } from './changes/skill-change.ts';
export { backupStore } from './copy/backup-store.ts';
export { copyStore } from './copy/copy-store.ts';
export { restoreStore } from './copy/restore-store.ts';
export { isStoreUnavailable } from './database/is-store-unavailable.ts';
export { listPendingMigrations } from './migrate/migrate.ts';
export type { Actor } from './repositories/actor.ts';
export type { StoredAgent } from './repositories/agents-repository.ts';
export type { ApprovalsRepository } from './repositories/approvals-repository.ts';
export type {
  AcceptInvitationResult,
  InvitationInfo,
} from './repositories/invitations-repository.ts';
export { hasRole, type WorkspaceMember } from './repositories/members-repository.ts';
export { generateSecret, hashSecret } from './repositories/one-time-code.ts';
export type { StoredPermissionRule } from './repositories/permissions-repository.ts';
export type { CreateSessionResult } from './repositories/sessions-repository.ts';
export {
  type RedeemedSignInCode,
  SIGN_IN_CODE_TTL_MS,
} from './repositories/sign-in-codes-repository.ts';
export type { TokenInfo, TokenPrincipal } from './repositories/tokens-repository.ts';
export type { StoredTriggerEval } from './repositories/trigger-evals-repository.ts';
export type { UsageEventInput } from './repositories/usage-repository.ts';
export type { StoredUser } from './repositories/users-repository.ts';
export { type StoredWorkspace, slugify } from './repositories/workspaces-repository.ts';
export {
  type AgentSettings,
  STORED_SKILL_SCOPES,
  type StoredSkillScope,
  WORKSPACE_ROLES,
  type WorkspaceMcpServer,
  type WorkspaceRole,
  type WorkspaceSettings,
} from './schema/index.ts';
export {
  checkSecretName,
  MAX_SECRET_SKILLS,
  MAX_SECRET_VALUE_BYTES,
} from './secrets/check-secret-input.ts';
export type { SecretBinding } from './secrets/secret-bindings.ts';
export { parseSecretKey, type SecretKey } from './secrets/secret-key.ts';
export type { SkillRevision } from './secrets/secret-revisions.ts';
export {
  type StoredSecret,
  secretsNotConfigured,
  type WithheldSecret,
} from './secrets/secrets-repository.ts';
export type { SkillActivity } from './skills/list-skill-activity.ts';
export type { ReviewResult, RevisionInReview } from './skills/review-revisions.ts';
export type {
  CreateSkillOptions,
  ListSkillsOptions,
  ResolvedSkill,
  SkillAccess,
  SkillFileContent,
  SkillFileInput,
  StoredSkill,
  WriteVersionResult,
} from './skills/skill-types.ts';
export type { StoreSkillIssue } from './skills/store-issue-code.ts';
export { openStore } from './store/open-store.ts';
export type { Store, StoreRepositories, StoreTransaction } from './store/store.ts';
export type { StoreErrorCode } from './store/store-error-code.ts';
