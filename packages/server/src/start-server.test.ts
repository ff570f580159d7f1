import { randomBytes } from 'node:crypto';
import { createTempDir } from '@skillset/core/test';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { resolveServerConfig } from './config/server-config.ts';
import { startServer } from './start-server.ts';

describe('startServer', () => {
  it('gives the store the secret key of SKILLSET_SECRET_KEY, so the secrets routes work', async () => {
    await using dataDir = await createTempDir();
    const config = resolveServerConfig({
      flags: { port: '0', dataDir: dataDir.path },
      env: { SKILLSET_SECRET_KEY: randomBytes(32).toString('hex') },
      cwd: dataDir.path,
    });
    const server = await startServer({ config, logger: pino({ level: 'silent' }) });
    try {
      expect(server.store.secrets.configured).toBe(true);
      const response = await fetch(`${server.url}/api/secrets/API_TOKEN`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${server.ownerToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ value: 'v', skills: ['pdf'] }),
      });
      expect(response.status).toBe(201);
    } finally {
      await server.close();
    }
  });
});
