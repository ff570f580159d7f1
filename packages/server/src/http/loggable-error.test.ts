import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../create-logger.ts';
import { loggableError } from './loggable-error.ts';

const failed = () =>
  new DrizzleQueryError(
    'insert into "blobs" ("content") values ($1)',
    ['zq8-secret-body'],
    Object.assign(new Error('relation "blobs" does not exist'), { code: '42P01' }),
  );

describe('loggableError', () => {
  it('keeps the query and the database error, and drops the parameters', () => {
    const logged = loggableError(failed());
    const text = JSON.stringify(logged);
    expect(text).not.toContain('zq8-secret-body');
    expect(logged.message).toBe(
      'Failed query: insert into "blobs" ("content") values ($1)\nparams: (not logged)',
    );
    expect(logged.cause).toMatchObject({
      message: 'relation "blobs" does not exist',
      code: '42P01',
    });
  });

  it('is the err serializer of the server logger', () => {
    let output = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString('utf8');
        done();
      },
    });
    createLogger({ level: 'info', destination }).error({ err: failed() }, 'write failed');
    expect(output).toContain('relation \\"blobs\\" does not exist');
    expect(output).not.toContain('zq8-secret-body');
  });
});
