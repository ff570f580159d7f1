import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { holdRequest } from '../support/held-request.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

const adminToken = `sks_loglines${randomBytes(16).toString('hex')}`;
const SKILLS = ['log-alpha', 'log-beta', 'log-gamma'];
const SEQUENTIAL = 30;
const HELD = 5;

interface Serving {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  exited: Promise<unknown[]>;
}

/** Starts `skillset serve` with stdout and stderr piped (not a terminal); resolves once it listens. */
function serve(dataDir: string, args: string[] = []): Promise<Serving> {
  const child = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0', ...args], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      SKILLSET_DATA_DIR: dataDir,
      SKILLSET_ADMIN_TOKEN: adminToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve, reject) => {
    const check = () => {
      const output = stdout + stderr;
      const url = /Skillset is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url && /Press Ctrl\+C/.test(output))
        resolve({ child, url, stdout: () => stdout, exited });
    };
    child.stdout?.on('data', check);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      check();
    });
    void exited.then(([code]) =>
      reject(new Error(`skillset serve exited (${code}):\n${stdout}${stderr}`)),
    );
  });
}

async function api(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** An invocation whose body waits: the server is answering it until `finish()` sends the body. */
async function holdInvocation(url: string, skill: string) {
  const body = JSON.stringify({ message: `/${skill} held` });
  const held = await holdRequest(`${url}/api/skills/invoke`, adminToken, Buffer.byteLength(body));
  return { finish: async () => (await held.finish(body)).status };
}

async function waitFor(text: () => string, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!pattern.test(text())) {
    if (Date.now() > deadline) throw new Error(`never saw ${pattern} in:\n${text()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('skillset serve log lines on stdout', () => {
  it('writes one activation line per invocation, in order, every one before it exits on SIGTERM', async () => {
    await using dataDir = await createTempDir();
    const server = await serve(dataDir.path);
    const expected: string[] = [];
    let code: unknown;
    try {
      for (const name of SKILLS) {
        const created = await api(server.url, '/api/skills', {
          content: `---\nname: ${name}\ndescription: Logged when invoked.\n---\n\nDo ${name}.\n`,
        });
        expect(created.status).toBe(201);
      }
      for (let index = 0; index < SEQUENTIAL; index += 1) {
        const skill = SKILLS[index % SKILLS.length] as string;
        const invoked = await api(server.url, '/api/skills/invoke', {
          message: `/${skill} ${index}`,
        });
        expect(invoked.status).toBe(200);
        expected.push(skill);
      }
      // These are answered while the server stops: their lines are the last before it exits.
      const held = [];
      for (let index = 0; index < HELD; index += 1) {
        held.push(await holdInvocation(server.url, SKILLS[(index + 1) % SKILLS.length] as string));
      }
      server.child.kill('SIGTERM');
      await waitFor(server.stdout, /finishing the requests in flight/);
      for (const [index, invocation] of held.entries()) {
        expect(await invocation.finish()).toBe(200);
        expected.push(SKILLS[(index + 1) % SKILLS.length] as string);
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      [code] = await server.exited;
    }
    expect(code).toBe(0);
    const records = server
      .stdout()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; event?: string; skill?: string });
    const activations = records.filter((record) => record.event === 'skill.injection');
    expect(activations.map((record) => record.skill)).toEqual(expected);
    expect(records.at(-1)?.msg).toBe('skillset server stopped');
  }, 120_000);

  it('writes the log lines before the start-up lines that follow them on the same stdout', async () => {
    await using dataDir = await createTempDir();
    const server = await serve(dataDir.path, ['--log-format', 'text']);
    server.child.kill('SIGTERM');
    const [code] = await server.exited;
    expect(code).toBe(0);
    const lines = server.stdout().trimEnd().split('\n');
    const listening = lines.findIndex((line) => / INFO {2}skillset server listening /.test(line));
    const running = lines.findIndex((line) => line.startsWith('Skillset is running at '));
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(running).toBeGreaterThan(listening);
    expect(lines.at(-1)).toMatch(/ INFO {2}skillset server stopped$/);
  }, 120_000);
});
