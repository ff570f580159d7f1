import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.ts';
import { createTextLogDestination, formatLogRecord } from './text-log-destination.ts';

/** Local time, as the formatter shows it: 03:04:05.006. */
const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();

/** A destination that keeps what is written; `isTTY` as a terminal's stdout has it. */
function capture(isTTY: boolean) {
  let text = '';
  const destination = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    }),
    { isTTY },
  );
  return { destination, text: () => text };
}

describe('formatLogRecord', () => {
  it('writes time, level, message and the record’s own fields on one line', () => {
    const record = {
      level: 30,
      time,
      pid: 7,
      hostname: 'vm',
      url: 'http://127.0.0.1:4747',
      database: 'pglite',
      created: ['create-skill'],
      note: 'two words',
      msg: 'skillset server listening',
    };
    expect(formatLogRecord(record)).toMatchInlineSnapshot(`
      "03:04:05.006 INFO  skillset server listening url=http://127.0.0.1:4747 database=pglite created=["create-skill"] note="two words"
      "
    `);
  });

  it('puts an error’s stack and its cause on indented lines below', () => {
    const record = {
      level: 50,
      time,
      msg: 'unexpected error',
      err: {
        type: 'TypeError',
        message: 'boom',
        stack: 'TypeError: boom\n    at run (/srv/app.ts:1:1)',
        cause: { type: 'Error', message: 'disk full' },
      },
    };
    expect(formatLogRecord(record)).toMatchInlineSnapshot(`
      "03:04:05.006 ERROR unexpected error
          TypeError: boom
            at run (/srv/app.ts:1:1)
          Caused by: Error: disk full
      "
    `);
  });

  it('colours the level only when asked', () => {
    const line = formatLogRecord({ level: 40, time, msg: 'slow' }, { color: true });
    expect(line).toBe(`03:04:05.006 \u001b[33mWARN \u001b[39m slow\n`);
  });
});

describe('createLogger', () => {
  it('writes readable lines to a terminal and JSON lines elsewhere', () => {
    const terminal = capture(true);
    createLogger({ destination: terminal.destination }).info({ port: 4747 }, 'listening');
    expect(terminal.text()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \S*INFO \S* listening port=4747\n$/);

    const pipe = capture(false);
    createLogger({ destination: pipe.destination }).info({ port: 4747 }, 'listening');
    expect(JSON.parse(pipe.text())).toMatchObject({ level: 30, port: 4747, msg: 'listening' });
  });

  it('writes the format it is given, whatever the destination is', () => {
    const terminal = capture(true);
    createLogger({ destination: terminal.destination, format: 'json' }).warn('slow');
    expect(JSON.parse(terminal.text())).toMatchObject({ level: 40, msg: 'slow' });

    const pipe = capture(false);
    createLogger({ destination: pipe.destination, format: 'text' }).error(
      { err: new RangeError('too far') },
      'failed',
    );
    const [line, stackTop, firstFrame] = pipe.text().split('\n');
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR failed$/);
    expect(stackTop).toBe('    RangeError: too far');
    expect(firstFrame).toMatch(/^ {6}at /);
  });
});

describe('createTextLogDestination', () => {
  it('flushes the destination it writes to when the logger is flushed', () => {
    const written: string[] = [];
    let flushes = 0;
    const target = {
      write: (text: string) => written.push(text),
      flush: (callback?: () => void) => {
        flushes += 1;
        callback?.();
      },
    };
    const logger = pino({ level: 'info' }, createTextLogDestination({ target }));
    logger.info('ready');
    let called = false;
    logger.flush(() => {
      called = true;
    });
    expect(written).toHaveLength(1);
    expect([flushes, called]).toEqual([1, true]);
  });
});
