import { createTestApp } from '@skillset/server/test';

/** Reads `/api/openapi.json` from a real app on a fresh in-memory store. */
export async function readOpenApiDocument(): Promise<unknown> {
  await using server = await createTestApp();
  const response = await server.request('GET', '/api/openapi.json');
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  return response.json();
}
