export {
  type CreateOwnerSignInCodeOptions,
  createOwnerSignInCode,
  findInstanceOwner,
  type OwnerSignInCode,
} from './bootstrap/create-owner-sign-in-code.ts';
export {
  type EnsureInstanceOwnerOptions,
  type EnsureInstanceOwnerResult,
  ensureInstanceOwner,
} from './bootstrap/ensure-instance-owner.ts';
export {
  type SeedBuiltinSkillsResult,
  seedBuiltinSkills,
} from './bootstrap/seed-builtin-skills.ts';
export {
  ACCESS_CHANGES_CHANNEL,
  type AccessChange,
  type AccessChangeKind,
  type AccessChangeListener,
} from './changes/access-change.ts';
export type { ChangeFeed } from './changes/change-feed.ts';
export {
  SKILL_CHANGES_CHANNEL,
  type SkillChange,
  type SkillChangeListener,
  type SkillChangeType,
} from './changes/skill-change.ts';
export { CONSOLE_STORE_LOGGER, type StoreLogger } from './changes/store-logger.ts';
export { computeVersionHash, type HashedFile } from './content/compute-version-hash.ts';
export { sha256 } from './content/sha256.ts';
export { isStoreUnavailable } from './database/is-store-unavailable.ts';
export type { StoreDatabase } from './database/store-database.ts';
export { loadMigrations, MIGRATIONS_DIR, type Migration } from './migrate/load-migrations.ts';
export {
  listPendingMigrations,
  MIGRATIONS_TABLE,
  type MigrateOptions,
  type MigrateResult,
  migrate,
} from './migrate/migrate.ts';
export type { Actor } from './repositories/actor.ts';
export {
  type AgentsRepository,
  type CreateAgentOptions,
  DEFAULT_AGENT_SETTINGS,
  normalizeAgentSettings,
  type StoredAgent,
  type UpdateAgentOptions,
} from './repositories/agents-repository.ts';
export type {
  ApprovalsRepository,
  SkillApprovalKey,
} from './repositories/approvals-repository.ts';
export type {
  AuditEntry,
  AuditEntryInput,
  AuditRepository,
  ListAuditOptions,
} from './repositories/audit-repository.ts';
export type {
  ChatsRepository,
  SaveChatOptions,
  StoredChat,
} from './repositories/chats-repository.ts';
export type {
  IdentitiesRepository,
  LinkIdentityOptions,
  StoredIdentity,
} from './repositories/identities-repository.ts';
export {
  type AcceptAsVerifiedOptions,
  type AcceptInvitationOptions,
  type AcceptInvitationResult,
  type CreateInvitationOptions,
  type CreateInvitationResult,
  INVITATION_TTL_MS,
  type InvitationInfo,
  type InvitationStatus,
  type InvitationsRepository,
} from './repositories/invitations-repository.ts';
export {
  hasRole,
  type MembersRepository,
  type RemoveMemberOptions,
  type SetMemberRoleOptions,
  type WorkspaceMember,
} from './repositories/members-repository.ts';
export { generateSecret, hashSecret } from './repositories/one-time-code.ts';
export {
  type ListPermissionRulesOptions,
  type PermissionRuleInput,
  type PermissionsRepository,
  type StoredPermissionRule,
  toPermissionRule,
} from './repositories/permissions-repository.ts';
export {
  type AuthenticatedSession,
  type CreateSessionOptions,
  type CreateSessionResult,
  SESSION_TTL_MS,
  type SessionInfo,
  type SessionsRepository,
} from './repositories/sessions-repository.ts';
export {
  type CreateHashedSignInCodeOptions,
  type CreateSignInCodeOptions,
  type CreateSignInCodeResult,
  type PassedOnSignIn,
  type RedeemedSignInCode,
  SIGN_IN_CODE_TTL_MS,
  type SignInCodesRepository,
} from './repositories/sign-in-codes-repository.ts';
export type { UsageSummary, UsageSummaryOptions } from './repositories/summarize-usage.ts';
export {
  type AuthenticatedPrincipal,
  type AuthenticateOptions,
  type CreateTokenOptions,
  type CreateTokenResult,
  generateToken,
  hashToken,
  type ListTokensOptions,
  TOKEN_PREFIX,
  type TokenInfo,
  type TokenPrincipal,
  type TokensRepository,
} from './repositories/tokens-repository.ts';
export type {
  SaveTriggerEvalOptions,
  StoredTriggerEval,
  TriggerEvalsRepository,
} from './repositories/trigger-evals-repository.ts';
export type {
  UsageCount,
  UsageCountsOptions,
  UsageEventInput,
  UsageRepository,
} from './repositories/usage-repository.ts';
export type {
  CreateUserOptions,
  StoredUser,
  UpdateUserOptions,
  UsersRepository,
} from './repositories/users-repository.ts';
export {
  type CreateWorkspaceOptions,
  DEFAULT_WORKSPACE_SETTINGS,
  type StoredWorkspace,
  slugify,
  type UpdateWorkspaceOptions,
  type WorkspaceMembership,
  type WorkspacesRepository,
} from './repositories/workspaces-repository.ts';
export {
  type AgentSettings,
  agents,
  auditLog,
  blobs,
  chatConversations,
  type InvitationKind,
  invitations,
  members,
  type PrincipalKind,
  permissionRules,
  type ReviewState,
  STORED_SKILL_SCOPES,
  type StoredSkillScope,
  sessions,
  signInCodes,
  skillSecretApprovals,
  skillSecrets,
  skills,
  skillVersions,
  tokens,
  usageEvents,
  userIdentities,
  users,
  versionFiles,
  WORKSPACE_ROLES,
  type WorkspaceMcpServer,
  type WorkspaceRole,
  type WorkspaceSettings,
  workspaces,
} from './schema/index.ts';
export {
  checkSecretInput,
  checkSecretName,
  MAX_SECRET_SKILLS,
  MAX_SECRET_VALUE_BYTES,
  SECRET_NAME_PATTERN,
  type SecretInput,
  type SecretInputIssue,
} from './secrets/check-secret-input.ts';
export type { SecretApproval, SecretBinding } from './secrets/secret-bindings.ts';
export {
  type DecryptSecretValueOptions,
  decryptSecretValue,
  type EncryptedSecret,
  type EncryptSecretValueOptions,
  encryptSecretValue,
  type SecretPlace,
} from './secrets/secret-cipher.ts';
export {
  parseSecretKey,
  SECRET_KEY_HOWTO,
  SECRET_KEY_VARIABLE,
  type SecretKey,
} from './secrets/secret-key.ts';
export type { SecretRevision, SkillRevision } from './secrets/secret-revisions.ts';
export {
  type ApproveSecretRevisionOptions,
  type DeleteSecretOptions,
  type SecretsRepository,
  type SecretValues,
  type SecretValuesForOptions,
  type SetSecretOptions,
  type SetSecretResult,
  type StoredSecret,
  secretsNotConfigured,
  type WithheldSecret,
} from './secrets/secrets-repository.ts';
export type { DeleteSkillOptions } from './skills/delete-skill.ts';
export type { PackageLimits } from './skills/prepare-skill-content.ts';
export type {
  PublishRevisionOptions,
  RejectRevisionOptions,
  ReviewResult,
  RevisionInReview,
} from './skills/review-revisions.ts';
export type {
  AgentReference,
  CreateSkillOptions,
  CreateSkillResult,
  DeleteSkillResult,
  ListSkillsOptions,
  ListSkillsResult,
  ResolvedSkill,
  RestoreSkillOptions,
  SkillAccess,
  SkillFileContent,
  SkillFileInput,
  StoredSkill,
  StoredSkillFile,
  StoredSkillVersion,
  StoredSkillVersionSummary,
  UpdateSkillOptions,
  WriteVersionResult,
} from './skills/skill-types.ts';
export type {
  SetSkillEnabledOptions,
  SkillIdOptions,
  SkillNameOptions,
  SkillsRepository,
  SkillVersionOptions,
} from './skills/skills-repository.ts';
export type { StoreIssueCode, StoreSkillIssue } from './skills/store-issue-code.ts';
export {
  acquireDataDirLock,
  DATA_DIR_LOCK_FILE,
  type DataDirLock,
  type DataDirLockHolder,
  readDataDirLock,
} from './store/data-dir-lock.ts';
export { MEMORY_DATA_DIR, type OpenStoreOptions, openStore } from './store/open-store.ts';
export type {
  Store,
  StoreKind,
  StoreRepositories,
  StoreTransaction,
} from './store/store.ts';
export type { StoreErrorCode } from './store/store-error-code.ts';
