import { createRegistry, normalizeSkillFilePath, SkillsetError } from '@skillset/core';
import { writeSkillPackage } from '@skillset/core/authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/create-test-app.ts';
import type { ServerErrorCode } from './server-error-code.ts';

const SKILL_MD = '---\nname: notes\ndescription: Take notes.\n---\nTake notes.\n';

/** Failures of core and the store that no route produced a status for; each was a 500. */
const FAILURES: Array<{
  code: ServerErrorCode;
  status: number;
  fail: (server: TestApp) => unknown;
}> = [
  {
    code: 'invalid_skill_file_path',
    status: 400,
    fail: () => normalizeSkillFilePath('../outside.txt'),
  },
  {
    code: 'duplicate_entry',
    status: 400,
    fail: () =>
      writeSkillPackage({
        folderName: 'notes',
        files: [
          { path: 'a.txt', bytes: new Uint8Array() },
          { path: './a.txt', bytes: new Uint8Array() },
        ],
      }),
  },
  {
    code: 'invalid_skill_scope',
    status: 400,
    fail: (server) =>
      server.store.skills.create({
        scope: 'personal',
        workspaceId: server.owner.workspaceId,
        skillMd: SKILL_MD,
      }),
  },
  {
    code: 'registry_closed',
    status: 503,
    fail: async () => {
      const registry = createRegistry({ sources: [] });
      await registry.close();
      return registry.list();
    },
  },
];

let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
  for (const failure of FAILURES) {
    server.app.get(`/api/failures/${failure.code}`, async () => {
      await failure.fail(server);
      throw new Error(`${failure.code} did not fail`);
    });
  }
  server.app.get('/api/failures/unknown', () => {
    throw new SkillsetError<string>({ code: 'made_up', message: 'Secret detail.' });
  });
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

describe('the API error handler', () => {
  it.each(FAILURES)('answers $code with $status and the JSON error body', async (failure) => {
    const response = await server.request('GET', `/api/failures/${failure.code}`, {
      token: server.owner.token,
    });
    expect(response.status).toBe(failure.status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: failure.code, message: expect.any(String) } });
    expect(body.error.message).not.toBe('');
  });

  it('answers a SkillsetError with a code the server does not know as an internal error', async () => {
    const response = await server.request('GET', '/api/failures/unknown', {
      token: server.owner.token,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on the server.' },
    });
  });
});
