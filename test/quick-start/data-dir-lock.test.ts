import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

interface Serving {
  child: ChildProcess;
  url: string;
}

/** Starts `skillset serve --port 0` on `dataDir`; resolves once it listens. */
function serve(dataDir: string): Promise<Serving> {
  const child = spawn(skillsetBin, ['serve', '--port', '0'], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', SKILLSET_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] && /Press Ctrl\+C/.test(output)) resolve({ child, url: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

describe('one process per PGlite data folder', () => {
  it('refuses a second `skillset serve` and `token create` on a folder in use', async () => {
    await using dataDir = await createTempDir();
    const env = { SKILLSET_DATA_DIR: dataDir.path };
    const first = await serve(dataDir.path);
    try {
      // Without the lock the second server would just run: give it 30 s to refuse.
      const second = await Promise.race([
        spawnSkillset(['serve', '--port', '0'], { cwd: dataDir.path, env }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the second server did not exit')), 30_000).unref(),
        ),
      ]);
      expect(second.exitCode).toBe(1);
      const message = second.stderr.trim();
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain(
        `The data folder ${dataDir.path} is in use by process ${first.child.pid}`,
      );
      expect(message).toContain('Stop that process first');
      expect(message).toContain(join(dataDir.path, 'skillset.lock'));

      const token = await spawnSkillset(['token', 'create', '--name', 'ci'], {
        cwd: dataDir.path,
        env,
      });
      expect(token.exitCode).toBe(1);
      // The first server kept serving.
      expect((await fetch(`${first.url}/api/openapi.json`)).status).toBe(200);
    } finally {
      await stop(first.child);
    }
    // A clean stop removes the lock.
    await expect(readFile(join(dataDir.path, 'skillset.lock'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  }, 90_000);

  it('restarts after a server was killed with SIGKILL (the stale lock does not block)', async () => {
    await using dataDir = await createTempDir();
    const first = await serve(dataDir.path);
    await stop(first.child, 'SIGKILL');
    const lock = JSON.parse(await readFile(join(dataDir.path, 'skillset.lock'), 'utf8'));
    expect(lock.pid).toBe(first.child.pid);

    const second = await serve(dataDir.path);
    try {
      expect((await fetch(`${second.url}/api/openapi.json`)).status).toBe(200);
      const held = JSON.parse(await readFile(join(dataDir.path, 'skillset.lock'), 'utf8'));
      expect(held.pid).toBe(second.child.pid);
    } finally {
      await stop(second.child);
    }
  }, 90_000);
});
