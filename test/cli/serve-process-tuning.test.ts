import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';

/** Starts `skillset serve`, reads its process's command line and environment, and stops it. */
async function serveProcess(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skillset-tuning-'));
  const child = spawn(process.execPath, [skillsetBin, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', SKILLSET_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Press Ctrl+C to stop.')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => reject(new Error(`skillset serve exited:\n${output}`)));
    });
    const proc = `/proc/${child.pid}`;
    const commandLine = (await readFile(`${proc}/cmdline`, 'utf8')).split('\0');
    const environment = (await readFile(`${proc}/environ`, 'utf8')).split('\0');
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    return { commandLine, environment, code };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe.runIf(process.platform === 'linux')('skillset serve tunes its own process', () => {
  it('runs, under the same process id, with a small young generation, slow heap growth and a malloc that gives memory back', async () => {
    const { commandLine, environment, code } = await serveProcess();
    expect(commandLine).toContain('--max-semi-space-size=8');
    expect(commandLine).toContain('--heap-growing-percent=30');
    expect(commandLine).toContain('serve');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
    expect(environment).toContain('MALLOC_TRIM_THRESHOLD_=131072');
    expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    expect(code).toBe(0);
  });

  it("leaves an operator's own settings alone", async () => {
    const { commandLine, environment } = await serveProcess({
      NODE_OPTIONS: '--max-semi-space-size=4',
      MALLOC_ARENA_MAX: '4',
    });
    expect(commandLine).not.toContain('--heap-growing-percent=30');
    expect(environment).toContain('MALLOC_ARENA_MAX=4');
  });
});
