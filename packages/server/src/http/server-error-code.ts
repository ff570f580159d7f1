import type { ModelConfigErrorCode } from '@skillset/agent';
import type { InvocationErrorCode } from '@skillset/core';
import type { StoreErrorCode } from '@skillset/store';

/**
 * The code of every error the API answers with: the store's (core's included), core's
 * invocation and edit failures, the agent's model configuration, and the server's own.
 */
export type ServerErrorCode =
  | StoreErrorCode
  | InvocationErrorCode
  | ModelConfigErrorCode
  | 'ambiguous_match'
  | 'chat_busy'
  | 'eval_set_missing'
  | 'file_not_found'
  | 'forbidden'
  | 'frontmatter_not_editable'
  | 'host_not_allowed'
  | 'internal_error'
  | 'invalid_config'
  | 'invalid_eval_set'
  | 'invalid_json'
  | 'invalid_package'
  | 'invalid_request'
  | 'mail_not_configured'
  | 'mcp_server_not_allowed'
  | 'migrations_pending'
  | 'model_failed'
  | 'no_workspace'
  | 'not_found'
  | 'not_proposed'
  | 'own_proposal'
  | 'origin_not_allowed'
  | 'package_too_large'
  | 'payload_too_large'
  | 'port_in_use'
  | 'precondition_required'
  | 'rate_limited'
  | 'recall_dropped'
  | 'review_needs_reviewers'
  | 'revision_changed'
  | 'revision_unsigned'
  | 'sign_in_link_not_allowed'
  | 'skill_not_in_catalog'
  | 'skill_referenced'
  | 'sso_failed'
  | 'sso_not_configured'
  | 'sso_refused'
  | 'text_not_found'
  | 'unauthorized'
  | 'unsupported_media_type'
  | 'user_not_found'
  | 'user_not_member'
  | 'version_conflict'
  | 'version_not_found';
