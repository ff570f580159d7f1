import type { SkillsetErrorCode } from '@skillset/core';

/** The code of every `SkillsetError` a store call may throw: core's and the store's own. */
export type StoreErrorCode =
  | SkillsetErrorCode
  | 'agent_name_taken'
  | 'agent_not_found'
  | 'code_expired'
  | 'code_not_found'
  | 'code_revoked'
  | 'code_used'
  | 'data_dir_locked'
  | 'email_taken'
  | 'invalid_cursor'
  | 'invalid_display_name'
  | 'invalid_permission_action'
  | 'invalid_permission_skill'
  | 'invalid_permission_surface'
  | 'invalid_role'
  | 'invalid_secret'
  | 'invalid_secret_key'
  | 'invalid_skill_scope'
  | 'invalid_store_options'
  | 'invitation_not_yours'
  | 'last_owner'
  | 'migration_changed'
  | 'secret_not_found'
  | 'secret_revision_changed'
  | 'secret_skill_not_bound'
  | 'secret_undecryptable'
  | 'secrets_not_configured'
  | 'store_unavailable'
  | 'token_too_short'
  | 'workspace_slug_taken';
