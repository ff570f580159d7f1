import createClient from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import type { components, paths } from './schema';

/** The typed API client; the session cookie travels with every request. */
export const api = createClient<paths>({ baseUrl: '/', credentials: 'same-origin' });

export type Schemas = components['schemas'];
export type SkillSummary = Schemas['SkillSummary'];
export type SkillDetail = Schemas['SkillDetail'];
export type SkillScope = Schemas['SkillScope'];
export type Me = Schemas['Me'];

interface FetchOutcome<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The data of a successful call; any other answer throws an {@link ApiError}. */
export async function unwrap<Data>(call: Promise<FetchOutcome<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (response.ok) return data as Data;
  const body = (error ?? {}) as { error?: { code?: string; message?: string } };
  throw new ApiError({
    status: response.status,
    code: body.error?.code ?? 'http_error',
    message:
      body.error?.message ?? `The server answered ${response.status} ${response.statusText}.`,
  });
}
