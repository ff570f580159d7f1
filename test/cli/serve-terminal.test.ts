import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

const TIME = String.raw`\d\d:\d\d:\d\d\.\d{3}`;

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs a shell command on a pseudo-terminal (util-linux `script`, in Debian's essential
 * bsdutils), as a person's terminal would; `ctrlC` types Ctrl+C into it.
 */
function onTerminal(command: string, options: { cwd: string; env: Record<string, string> }) {
  // `exec`: a shell left between would die of the Ctrl+C itself (dash does).
  const child = spawn('script', ['-qfec', `exec ${command}`, '/dev/null'], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: string) => {
    output += chunk;
    for (const wake of waiters) wake();
  };
  child.stdout.setEncoding('utf8').on('data', append);
  child.stderr.setEncoding('utf8').on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    output: () => output,
    /** Resolves once the terminal shows `pattern`; rejects if the command exits first. */
    shows: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
        void exited.then((code) => {
          if (!pattern.test(output))
            reject(new Error(`exited (${code}) before ${pattern}:\n${output}`));
        });
      }),
    /** The lines the terminal shows, without the `^C` it echoes. */
    lines: () =>
      output
        .split(/\r?\n/)
        .map((line) => line.replace(/^\^C/, ''))
        .filter((line) => line !== ''),
    ctrlC: () => child.stdin.write('\u0003'),
    exited,
  };
}

interface Serving {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `skillset serve` with piped output (not a terminal); resolves once it listens. */
function serve(args: string[], dataDir: string): Promise<Serving> {
  const child = spawn(skillsetBin, ['serve', ...args], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', SKILLSET_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const check = () => {
      const url = /Skillset is running at (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url && /Press Ctrl\+C/.test(stderr)) {
        resolve({ child, url, stdout: () => stdout, stderr: () => stderr });
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      check();
    });
    child.once('exit', (code) =>
      reject(new Error(`skillset serve exited (${code}):\n${stdout}${stderr}`)),
    );
  });
}

/** Stops the server with SIGTERM; resolves with its exit code. */
async function stop(serving: Serving): Promise<number | null> {
  const exited = once(serving.child, 'exit');
  serving.child.kill('SIGTERM');
  const [code] = await exited;
  return code as number | null;
}

describe('skillset serve on a terminal and off it', () => {
  it('prints one readable line per log record on a terminal, no JSON, and stops on Ctrl+C', async () => {
    await using dataDir = await createTempDir();
    const terminal = onTerminal(`${shellQuote(skillsetBin)} serve --port 0`, {
      cwd: dataDir.path,
      env: { SKILLSET_DATA_DIR: dataDir.path },
    });
    await terminal.shows(/Press Ctrl\+C to stop\./);
    terminal.ctrlC();
    expect(await terminal.exited).toBe(0);

    const lines = terminal.lines();
    expect(lines.filter((line) => line.includes('{"level":'))).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${TIME} INFO  skillset server listening url=http://127\\.0\\.0\\.1:\\d+ database=pglite$`,
        ),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^Owner token: sks_\S+ {2}\(shown once/));
    expect(lines.at(-1)).toMatch(new RegExp(`^${TIME} INFO  skillset server stopped$`));
  }, 90_000);

  it('writes only JSON lines to stdout with --log-format json, even on a terminal', async () => {
    await using dataDir = await createTempDir();
    const stderrFile = join(dataDir.path, 'stderr.txt');
    const terminal = onTerminal(
      `${shellQuote(skillsetBin)} serve --port 0 --log-format json 2>${shellQuote(stderrFile)}`,
      { cwd: dataDir.path, env: { SKILLSET_DATA_DIR: dataDir.path } },
    );
    const stderr = () => readFile(stderrFile, 'utf8').catch(() => '');
    await expect.poll(stderr, { timeout: 60_000 }).toMatch(/Press Ctrl\+C to stop\./);
    terminal.ctrlC();
    expect(await terminal.exited).toBe(0);

    const records = terminal.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => record.msg)).toEqual([
      'built-in skills seeded',
      'skillset server listening',
      'skillset server stopped',
    ]);
    expect(await stderr()).toMatch(/^Skillset is running at http:\/\/127\.0\.0\.1:\d+ /);
    expect(await stderr()).toMatch(/\nOwner token: sks_/);
  }, 90_000);

  it('answers chat without a model 503 as before and logs it at info, not as an error', async () => {
    await using dataDir = await createTempDir();
    const server = await serve(['--port', '0'], dataDir.path);
    let exitCode: number | null;
    try {
      const token = /Owner token: (sks_\S+)/.exec(server.stderr())?.[1];
      const response = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hello' }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'model_not_configured',
          message:
            'No model is configured for chat: set SKILLSET_MODEL to <provider>:<model id> (openai:gpt-4.1 with OPENAI_API_KEY, anthropic:claude-sonnet-4-5 with ANTHROPIC_API_KEY, or openai-compatible:llama3.2 with OPENAI_BASE_URL=http://localhost:11434/v1) and restart the server.',
        },
      });
    } finally {
      exitCode = await stop(server);
    }
    expect(exitCode).toBe(0);
    // Off a terminal, stdout holds the JSON log alone: every line parses.
    const records = server
      .stdout()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; code?: string });
    expect(records.filter((record) => record.level >= 50)).toEqual([]);
    expect(records).toContainEqual(
      expect.objectContaining({ level: 30, code: 'model_not_configured' }),
    );
    expect(records.at(-1)?.msg).toBe('skillset server stopped');
  }, 90_000);

  it('says in one line that the port is in use and how to pick another, and creates no owner', async () => {
    await using dataDir = await createTempDir();
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    try {
      const refused = await spawnSkillset(['serve', '--port', String(port)], {
        cwd: dataDir.path,
        env: { SKILLSET_DATA_DIR: dataDir.path },
      });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toBe(
        `skillset serve: port ${port} on 127.0.0.1 is in use (another skillset?). Stop it, or start on another port with --port ${port + 1} (or PORT=${port + 1}).\n`,
      );
      expect(refused.stdout).not.toMatch(/EADDRINUSE|\n\s+at |Owner token/);
    } finally {
      blocker.close();
    }

    // The failed start created no owner: this first real start shows the owner token.
    const server = await serve(['--port', '0'], dataDir.path);
    try {
      const token = /Owner token: (sks_\S+) {2}\(shown once; keep it\)/.exec(server.stderr())?.[1];
      expect(token).toBeDefined();
      const me = await fetch(`${server.url}/api/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 90_000);
});
