import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

/** Starts `npm start` on a free port with its data in `dataDir`; resolves with the server URL. */
async function startServer(dataDir: string): Promise<{ npm: ChildProcess; url: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const npm = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: repoRoot,
    env: { ...env, SKILLSET_DATA_DIR: dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return { npm, url };
}

describe('npm start', () => {
  it.each([
    'SIGINT',
    'SIGTERM',
  ] as const)('serves the API and stops the server when npm receives %s', async (signal) => {
    await using dataDir = await createTempDir();
    const { npm, url } = await startServer(dataDir.path);
    const openapi = await fetch(`${url}/api/openapi.json`);
    expect(openapi.status).toBe(200);

    const exited = once(npm, 'exit');
    npm.kill(signal);
    await exited;
    await expect(fetch(`${url}/api/openapi.json`)).rejects.toThrow();
  }, 60_000);
});
