import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequest } from '../support/held-request.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

const adminToken = `sks_drain${randomBytes(16).toString('hex')}`;
let dataDir: string;
let child: ChildProcess;
let url: string;
let output = '';

/** Resolves once the server's output matches `pattern`. */
function outputMatches(pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output);
      if (match === null) return;
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      resolve(match);
    };
    const exited = () => reject(new Error(`the server exited before ${pattern}:\n${output}`));
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'skillset-drain-'));
  child = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0'], {
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      SKILLSET_DATA_DIR: dataDir,
      SKILLSET_ADMIN_TOKEN: adminToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const [, running] = await outputMatches(/Skillset is running at (http:\/\/\S+)/);
  url = running as string;
});

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('skillset serve on SIGTERM', () => {
  it('finishes a request in flight before it stops, then exits 0', async () => {
    const body = JSON.stringify({
      content:
        '---\nname: late-upload\ndescription: Arrives while the server stops.\n---\nDo it.\n',
    });
    const half = Math.floor(body.length / 2);
    const upload = await holdRequest(`${url}/api/skills`, adminToken, Buffer.byteLength(body));
    upload.write(body.slice(0, half));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await outputMatches(/finishing the requests in flight/);
    const { status, text } = await upload.finish(body.slice(half));
    expect(status, text).toBe(201);
    expect(JSON.parse(text)).toMatchObject({ name: 'late-upload', version: 1 });
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toMatch(/skillset server stopped/);
  });
});
