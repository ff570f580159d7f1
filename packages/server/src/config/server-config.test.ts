import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveServerConfig } from './server-config.ts';

describe('resolveServerConfig', () => {
  it('defaults to PGlite in ./.skillset on 127.0.0.1:4747', () => {
    expect(resolveServerConfig({ env: {}, cwd: '/project' })).toMatchObject({
      host: '127.0.0.1',
      port: 4747,
      dataDir: path.resolve('/project', '.skillset'),
    });
    expect(resolveServerConfig({ env: {}, cwd: '/project' }).databaseUrl).toBeUndefined();
  });

  it('lets flags win over the environment, and the environment over defaults', () => {
    const env = {
      PORT: '5000',
      SKILLSET_DATA_DIR: '/env/data',
      DATABASE_URL: 'postgres://env/db',
      SKILLSET_ADMIN_TOKEN: 'sks_admin',
    };
    expect(resolveServerConfig({ env, cwd: '/project' })).toMatchObject({
      port: 5000,
      dataDir: '/env/data',
      databaseUrl: 'postgres://env/db',
      adminToken: 'sks_admin',
    });
    const flags = { port: '6000', dataDir: 'data', databaseUrl: 'postgres://flag/db' };
    expect(resolveServerConfig({ flags, env, cwd: '/project' })).toMatchObject({
      port: 6000,
      dataDir: path.resolve('/project', 'data'),
      databaseUrl: 'postgres://flag/db',
    });
  });

  it('ignores an empty DATABASE_URL', () => {
    expect(resolveServerConfig({ env: { DATABASE_URL: '' } }).databaseUrl).toBeUndefined();
  });

  it('refuses a port that is not a port number, saying which values work', () => {
    expect(() => resolveServerConfig({ flags: { port: 'http' }, env: {} })).toThrow(
      /Port "http" is not a port number; use an integer from 0 to 65535/,
    );
  });

  it('reads the connections per address from the flag, then the environment, and refuses a non-count', () => {
    const env = { SKILLSET_MAX_CONNECTIONS_PER_ADDRESS: '64' };
    expect(resolveServerConfig({ env }).connectionLimits).toEqual({ maxConnectionsPerAddress: 64 });
    const flags = { maxConnectionsPerAddress: '8' };
    expect(resolveServerConfig({ flags, env }).connectionLimits).toEqual({
      maxConnectionsPerAddress: 8,
    });
    expect(resolveServerConfig({ env: {} }).connectionLimits).toBeUndefined();
    expect(() =>
      resolveServerConfig({ flags: { maxConnectionsPerAddress: '0' }, env: {} }),
    ).toThrow(/Connections per address "0" is not a count; use a whole number of at least 1/);
  });

  it('reads the chat model and only its key variables, ignoring empty ones', () => {
    const env = {
      SKILLSET_MODEL: ' openai-compatible:llama3.2 ',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      ANTHROPIC_API_KEY: '',
      HOME: '/home/someone',
    };
    expect(resolveServerConfig({ env }).model).toEqual({
      spec: 'openai-compatible:llama3.2',
      env: { OPENAI_BASE_URL: 'http://localhost:11434/v1' },
    });
    expect(resolveServerConfig({ env: {} }).model).toEqual({ env: {} });
  });

  it('reads the log format from --log-format, then SKILLSET_LOG_FORMAT, and refuses others', () => {
    expect(resolveServerConfig({ env: {} }).logFormat).toBeUndefined();
    expect(resolveServerConfig({ env: { SKILLSET_LOG_FORMAT: 'json' } }).logFormat).toBe('json');
    const flags = { logFormat: 'text' };
    expect(resolveServerConfig({ flags, env: { SKILLSET_LOG_FORMAT: 'json' } }).logFormat).toBe(
      'text',
    );
    expect(() => resolveServerConfig({ env: { SKILLSET_LOG_FORMAT: 'pretty' } })).toThrow(
      'Log format "pretty" is not one of text, json (text: a readable line per record, json: a JSON object per line).',
    );
  });

  it('serves the web UI from SKILLSET_WEB_DIR, resolved from the working folder', () => {
    expect(resolveServerConfig({ env: {} }).webDir).toBeUndefined();
    expect(resolveServerConfig({ env: { SKILLSET_WEB_DIR: 'ui' }, cwd: '/srv' }).webDir).toBe(
      '/srv/ui',
    );
  });

  it('reads SKILLSET_SECRET_KEY, ignores an empty one, and refuses a malformed one at start-up', () => {
    const text = randomBytes(32).toString('base64');
    const config = resolveServerConfig({ env: { SKILLSET_SECRET_KEY: text } });
    expect(config.secretKey?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(config)).not.toContain(text);
    expect(resolveServerConfig({ env: { SKILLSET_SECRET_KEY: ' ' } }).secretKey).toBeUndefined();
    expect(resolveServerConfig({ env: {} }).secretKey).toBeUndefined();
    const refused = () => resolveServerConfig({ env: { SKILLSET_SECRET_KEY: 'hunter2' } });
    expect(refused).toThrow(
      expect.objectContaining({
        code: 'invalid_config',
        message:
          'SKILLSET_SECRET_KEY is not a usable key: it is 7 characters long and not 64 hex characters or the base64 of 32 bytes; set SKILLSET_SECRET_KEY to 32 random bytes as base64 (openssl rand -base64 32) or as 64 hex characters (openssl rand -hex 32), and restart the server.',
      }),
    );
  });
});
