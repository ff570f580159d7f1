import { expect } from 'vitest';

/** Who calls: a bearer token or a session cookie, in a workspace other than its default. */
export interface ApiCaller {
  token?: string;
  cookie?: string;
  workspace?: string;
}

/** One request of {@link callApi}. */
export interface ApiRequest {
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** The status expected; default: any below 300. */
  status?: number;
}

/** An answer of {@link callApi}: its status, headers and parsed JSON (text when it is none). */
export interface ApiAnswer<Body> {
  status: number;
  headers: Headers;
  body: Body;
}

/** Calls a running server's HTTP API as `caller` and checks the status. */
export async function callApi<Body = Record<string, unknown>>(
  url: string,
  caller: ApiCaller,
  route: string,
  request: ApiRequest = {},
): Promise<ApiAnswer<Body>> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { ...request.headers };
  if (caller.token !== undefined) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie !== undefined) Object.assign(headers, { cookie: caller.cookie, origin: url });
  if (caller.workspace !== undefined) headers['skillset-workspace'] = caller.workspace;
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${route}`, {
    method,
    headers,
    ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
  });
  const text = await response.text();
  if (request.status === undefined) {
    expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  } else {
    expect(response.status, `${method} ${route}: ${text}`).toBe(request.status);
  }
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: (isJson && text !== '' ? JSON.parse(text) : text) as Body,
  };
}
