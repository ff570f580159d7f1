import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The HTTP status for each error code the API returns; any other code is a 500. */
export const ERROR_STATUS: Readonly<Record<string, ContentfulStatusCode>> = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_skill: 400,
  invalid_package: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  skill_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  skill_exists: 409,
  version_conflict: 409,
  skill_referenced: 409,
  precondition_required: 428,
  payload_too_large: 413,
  unsupported_media_type: 415,
};

/** The status an error code maps to. */
export function statusOfErrorCode(code: string): ContentfulStatusCode {
  return ERROR_STATUS[code] ?? 500;
}
