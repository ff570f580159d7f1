import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { skillsetBin } from '../support/skillset-bin.ts';

/** `skillset serve` as a person starts it, with what it printed. */
export interface RealServer extends AsyncDisposable {
  url: string;
  /** The one-time owner sign-in link of the `Sign in:` line. */
  signInLink: string;
  /** The owner's bearer token, printed once on the first start. */
  ownerToken: string;
  output: () => string;
}

/**
 * Starts the real `skillset serve` binary on a free port over a fresh PGlite folder, serving the
 * web UI built in `webDir`; dispose it with `await using` to stop it (SIGTERM) and delete the data.
 */
export async function startRealServer(webDir: string): Promise<RealServer> {
  const dataDir: TempDir = await createTempDir();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(
    skillsetBin,
    ['serve', '--port', '0', '--data-dir', dataDir.path],
    {
      env: { ...env, SKILLSET_WEB_DIR: webDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const printed = await new Promise<{ url: string; signInLink: string; ownerToken: string }>(
    (resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const url = /Skillset is running at (http:\/\/\S+)/.exec(output)?.[1];
        const signInLink = /Sign in: +(http:\/\/\S+\/sign-in\?code=\S+)/.exec(output)?.[1];
        const ownerToken = /Owner token: (sks_\S+)/.exec(output)?.[1];
        if (url && signInLink && ownerToken && /Press Ctrl\+C/.test(output)) {
          resolve({ url, signInLink, ownerToken });
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) =>
        reject(new Error(`skillset serve exited (${code}):\n${output}`)),
      );
    },
  );
  return {
    ...printed,
    output: () => output,
    async [Symbol.asyncDispose]() {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await dataDir[Symbol.asyncDispose]();
    },
  };
}
