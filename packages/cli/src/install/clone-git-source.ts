import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';

/** A shallow clone in a temporary folder, removed on dispose. */
export interface ClonedRepository extends AsyncDisposable {
  folder: string;
}

/** Whether an `add` source is a git URL (`https://…`, `ssh://…`, `git://…`, `file://…`, `git@host:path`). */
export function isGitUrl(source: string): boolean {
  return /^(https?|ssh|git|file|git\+ssh):\/\//i.test(source) || /^[\w.-]+@[\w.-]+:/.test(source);
}

/** Splits `URL#subdir` into the URL git clones and the folder inside the repository. */
export function splitGitSource(source: string): { url: string; subdir?: string } {
  const hash = source.indexOf('#');
  if (hash === -1) return { url: source };
  const subdir = source.slice(hash + 1).replace(/^\/+|\/+$/g, '');
  return subdir === '' ? { url: source.slice(0, hash) } : { url: source.slice(0, hash), subdir };
}

/** Clones `url` with `git clone --depth 1` into a temporary folder; throws `git_clone_failed` with git's message. */
export async function cloneGitSource(url: string): Promise<ClonedRepository> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'skillset-add-'));
  const folder = path.join(parent, 'repository');
  const dispose = () => rm(parent, { recursive: true, force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        'git',
        ['clone', '--depth', '1', '--quiet', '--', url, folder],
        { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, timeout: 120_000 },
        (error, _stdout, stderr) => {
          if (error === null) {
            resolve();
            return;
          }
          const detail = stderr.trim() || error.message;
          reject(
            new SkillsetError<CliErrorCode>({
              code: 'git_clone_failed',
              message: `git clone ${url} failed: ${detail}`,
              details: { url },
              cause: error,
            }),
          );
        },
      );
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  return { folder, [Symbol.asyncDispose]: dispose };
}
