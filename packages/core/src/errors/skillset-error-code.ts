/**
 * The code of every `SkillsetError` core throws; the store and the server extend it with theirs
 * (`StoreErrorCode`, `ServerErrorCode`).
 */
export type SkillsetErrorCode =
  | 'approval_denied'
  | 'approval_required'
  | 'duplicate_entry'
  | 'duplicate_source'
  | 'invalid_folder_name'
  | 'invalid_policy_config'
  | 'invalid_skill'
  | 'invalid_skill_file_path'
  | 'invalid_skill_name'
  | 'malformed_policy_config'
  | 'mcp_server_unavailable'
  | 'policy_config_unreadable'
  | 'registry_closed'
  | 'skill_exists'
  | 'skill_file_not_found'
  | 'skill_file_unreadable'
  | 'skill_integrity_mismatch'
  | 'skill_not_found'
  | 'source_not_found'
  | 'store_state_unreadable';
