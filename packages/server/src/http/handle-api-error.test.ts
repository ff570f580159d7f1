import { Writable } from 'node:stream';
import { SkillsetError } from '@skillset/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../create-logger.ts';
import { createApiErrorHandler } from './handle-api-error.ts';
import type { ServerErrorCode } from './server-error-code.ts';

/** An app whose one route throws `error`, logging JSON records into `records`. */
function throwingApp(error: unknown) {
  const records: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const app = new Hono();
  app.get('/fail', () => {
    throw error;
  });
  app.onError(createApiErrorHandler(createLogger({ destination, format: 'json' })));
  return { app, records };
}

function failure(code: ServerErrorCode, message: string) {
  return new SkillsetError<ServerErrorCode>({ code, message });
}

describe('createApiErrorHandler', () => {
  it('logs an unexpected error at error level with its type, message and stack', async () => {
    const { app, records } = throwingApp(new TypeError('cannot read "id" of undefined'));
    const response = await app.request('/fail');
    expect(response.status).toBe(500);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      level: 50,
      msg: 'unexpected error',
      err: { type: 'TypeError', message: 'cannot read "id" of undefined' },
    });
    const { stack } = record?.err as { stack: string };
    expect(stack).toMatch(/^TypeError: cannot read "id" of undefined\n +at /);
  });

  it('logs a server failure (500 and up) at error level with its stack', async () => {
    const { app, records } = throwingApp(failure('skill_file_unreadable', 'notes.md is gone'));
    expect((await app.request('/fail')).status).toBe(500);
    expect(records).toMatchObject([
      {
        level: 50,
        msg: 'request failed',
        err: { type: 'SkillsetError', message: 'notes.md is gone' },
      },
    ]);
    expect((records[0]?.err as { stack?: string }).stack).toContain('\n    at ');
  });

  it('logs a 503 that says what is not configured at info, with its code and no error', async () => {
    const message = 'No model is configured for chat: set SKILLSET_MODEL.';
    const { app, records } = throwingApp(failure('model_not_configured', message));
    const response = await app.request('/fail');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'model_not_configured', message } });
    expect(records).toEqual([
      expect.objectContaining({
        level: 30,
        code: 'model_not_configured',
        status: 503,
        msg: message,
      }),
    ]);
    expect(records[0]).not.toHaveProperty('err');
  });

  it('logs nothing for a client error', async () => {
    const { app, records } = throwingApp(failure('not_found', 'No skill "x".'));
    expect((await app.request('/fail')).status).toBe(404);
    expect(records).toEqual([]);
  });
});
