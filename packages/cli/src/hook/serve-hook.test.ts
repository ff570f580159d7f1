import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { HOOK_PROTOCOL, serveHook } from './serve-hook.ts';

function ask(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let reply = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.end(line));
    connection.on('data', (chunk: string) => (reply += chunk));
    connection.on('close', () => resolve(reply));
    connection.on('error', reject);
  });
}

describe('serveHook', () => {
  it('answers on a socket only its user may use, defers to a live server, and exits when idle', async () => {
    await using dir = await createTempDir();
    const socket = path.join(dir.path, 'hook.sock');
    let ready = () => {};
    const readyOnce = new Promise<void>((resolve) => (ready = resolve));
    const serving = serveHook({ socket, idleMs: 300, onReady: () => ready(), log: () => {} });
    await readyOnce;
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    const malformed = JSON.parse(await ask(socket, 'not json\n'));
    expect(malformed).toEqual({
      stdout: '',
      stderr: 'skillset hook: the hook server got a malformed request.\n',
    });
    const request = {
      protocol: HOOK_PROTOCOL,
      agent: 'claude',
      input: '{"prompt": ""}',
      cwd: dir.path,
      env: {},
    };
    expect(JSON.parse(await ask(socket, `${JSON.stringify(request)}\n`))).toEqual({
      stdout: '',
      stderr: '',
    });
    const older = { ...request, protocol: HOOK_PROTOCOL + 1 };
    expect(JSON.parse(await ask(socket, `${JSON.stringify(older)}\n`)).stderr).toBe(
      'skillset hook: the hook server got a request it does not understand.\n',
    );

    let deferred = false;
    await serveHook({ socket, idleMs: 300, onReady: () => (deferred = true), log: () => {} });
    expect(deferred).toBe(true);

    await serving;
    expect(existsSync(socket)).toBe(false);
  });
});
