import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../shared-dir.ts';

const run = promisify(execFile);

/** The folder holding the pinned agent CLIs' `package.json` (exact versions). */
export const agentClisManifestDir = path.join(repoRoot, 'test', 'agents', 'clis');

/** The four agents the tests drive. */
export type AgentName = 'claude' | 'codex' | 'opencode' | 'gemini';

/** Where the agent CLIs are installed: `$SKILLSET_AGENTS_DIR`, else a cache folder keyed by the manifest's digest. */
async function installDir(): Promise<string> {
  if (process.env.SKILLSET_AGENTS_DIR !== undefined) return process.env.SKILLSET_AGENTS_DIR;
  const manifest = await readFile(path.join(agentClisManifestDir, 'package.json'));
  const digest = createHash('sha256').update(manifest).digest('hex').slice(0, 16);
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  return path.join(cache, 'skillset', 'agent-clis', digest);
}

function binOf(dir: string, agent: AgentName): string {
  return path.join(dir, 'node_modules', '.bin', agent);
}

let installing: Promise<string> | undefined;

function installed(dir: string): boolean {
  return (['claude', 'codex', 'opencode', 'gemini'] as const).every((agent) =>
    existsSync(binOf(dir, agent)),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the install lock, or waits (on file events) until its holder has finished or died. */
async function takeLock(dir: string): Promise<(() => Promise<void>) | undefined> {
  const lock = `${dir}.lock`;
  await mkdir(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(lock, 'utf8').catch(() => '0'));
    if (holder > 0 && !isAlive(holder)) {
      await rm(lock, { force: true });
      continue;
    }
    await new Promise<void>((resolve) => {
      const watcher = watch(path.dirname(dir), () => {
        if (existsSync(lock)) return;
        watcher.close();
        resolve();
      });
      if (!existsSync(lock)) {
        watcher.close();
        resolve();
      }
    });
    if (installed(dir)) return undefined;
  }
}

async function install(): Promise<string> {
  const dir = await installDir();
  if (installed(dir)) return dir;
  const release = await takeLock(dir);
  if (release === undefined || installed(dir)) {
    await release?.();
    return dir;
  }
  try {
    await installInto(dir);
  } finally {
    await release();
  }
  return dir;
}

async function installInto(dir: string): Promise<void> {
  // Installed beside the target and renamed into place, so a half-finished install is never used.
  const staging = `${dir}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await copyFile(
    path.join(agentClisManifestDir, 'package.json'),
    path.join(staging, 'package.json'),
  );
  // No lock: npm records only this platform's optional binaries in one, and the CLIs pin exactly.
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: staging,
    maxBuffer: 64 * 1024 * 1024,
  });
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
}

/**
 * Installs the pinned agent CLIs once per manifest (outside the repository's `node_modules`, ~1.2 GB)
 * and returns the path of an agent's binary.
 */
export async function agentBin(agent: AgentName): Promise<string> {
  installing ??= install();
  return binOf(await installing, agent);
}
