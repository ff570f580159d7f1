import { describeTokenRefusal } from './describe-token-refusal.ts';
import { describeUnreachable } from './describe-unreachable.ts';
import type { ServerAccess } from './resolve-server-access.ts';
import { ServerApiError } from './server-api-error.ts';

/** One request to the API: JSON or bytes, and the version an `If-Match` names. */
export interface ServerApiRequest {
  method?: 'GET' | 'POST';
  json?: unknown;
  body?: Uint8Array;
  contentType?: string;
  /** Sent as `If-Match: "<version>"`. */
  ifMatch?: number;
  /** Statuses answered instead of thrown (e.g. 404 for "no such skill yet"). */
  accept?: readonly number[];
}

/** A status and its parsed JSON body (undefined when the body is not JSON). */
export interface ServerApiResponse {
  status: number;
  body: unknown;
}

/** Talks to a Skillset server's JSON API with a token. */
export interface ServerApi {
  /** The server's base URL, without a trailing slash. */
  readonly server: string;
  /** Sends a request; a status outside 2xx and `accept` throws a {@link ServerApiError}. */
  request(path: string, request?: ServerApiRequest): Promise<ServerApiResponse>;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown };
}

function failure(status: number, body: unknown, what: string): ServerApiError {
  const error = (body as ErrorBody | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error?.message === 'string' ? error.message : '';
  if (status === 401) {
    return new ServerApiError({ status, code, message: describeTokenRefusal(message) });
  }
  return new ServerApiError({
    status,
    code,
    message: message || `${what} failed: HTTP ${status}; is --server a Skillset server?`,
  });
}

/** Creates the API client for a server and token. */
export function createServerApi(access: ServerAccess): ServerApi {
  const base = access.server.replace(/\/+$/, '');
  return {
    server: base,
    async request(path, request = {}) {
      const method = request.method ?? 'GET';
      const headers: Record<string, string> = {
        authorization: `Bearer ${access.token}`,
        accept: 'application/json',
      };
      let body: RequestInit['body'];
      if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.body !== undefined) {
        headers['content-type'] = request.contentType ?? 'application/octet-stream';
        body = request.body;
      }
      if (request.ifMatch !== undefined) headers['if-match'] = `"${request.ifMatch}"`;
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, { method, headers, body });
      } catch (error) {
        throw new ServerApiError({
          status: 0,
          code: 'unreachable',
          message: describeUnreachable(base, error),
          cause: error,
        });
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {}
      if (response.ok || request.accept?.includes(response.status)) {
        return { status: response.status, body: parsed };
      }
      throw failure(response.status, parsed, `${method} ${path}`);
    },
  };
}
