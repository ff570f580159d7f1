import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';

/** A clone in a temporary folder, removed on dispose. */
export interface ClonedRepository extends AsyncDisposable {
  folder: string;
  /** The commit checked out (`git rev-parse HEAD`). */
  commit: string;
}

/** Options for {@link cloneGitSource}. */
export interface CloneGitSourceOptions {
  /** A branch, tag or commit (full or abbreviated); the default branch when absent. */
  ref?: string;
  /** Extra environment for git (the terminal's), over this process's. */
  env?: NodeJS.ProcessEnv;
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

class GitError extends Error {
  readonly detail: string;
  constructor(detail: string, cause: unknown) {
    super(detail, { cause });
    this.detail = detail;
  }
}

function runGit(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error === null) resolve(stdout.trim());
        else reject(new GitError(stderr.trim() || error.message, error));
      },
    );
  });
}

async function checkout(
  url: string,
  folder: string,
  parent: string,
  options: CloneGitSourceOptions,
) {
  const env = options.env ?? {};
  const { ref } = options;
  const branch = ref === undefined ? [] : ['--branch', ref];
  try {
    await runGit(['clone', '--depth', '1', '--quiet', ...branch, '--', url, folder], parent, env);
    return;
  } catch (error) {
    const missingRef =
      error instanceof GitError && /remote branch .* not found/i.test(error.detail);
    if (ref === undefined || !missingRef) throw error;
    if (!/^[0-9a-f]{4,40}$/i.test(ref)) {
      throw new GitError(`the repository has no branch or tag named ${ref}`, error);
    }
  }
  // A commit: fetch just it when the server allows, else the whole history.
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder);
  await runGit(['init', '--quiet'], folder, env);
  try {
    if (ref.length !== 40) throw new Error('an abbreviated commit');
    await runGit(['fetch', '--quiet', '--depth', '1', '--', url, ref], folder, env);
    await runGit(['checkout', '--quiet', '--detach', 'FETCH_HEAD'], folder, env);
  } catch {
    await runGit(
      ['fetch', '--quiet', '--', url, '+refs/heads/*:refs/remotes/origin/*'],
      folder,
      env,
    );
    await runGit(['checkout', '--quiet', '--detach', `${ref}^{commit}`], folder, env).catch(
      (error: unknown) => {
        throw new GitError(`the repository has no branch, tag or commit named ${ref}`, error);
      },
    );
  }
}

/**
 * Clones `url` shallowly into a temporary folder at `ref` (a branch or tag, or a commit) and
 * resolves the commit; throws `git_clone_failed` with git's message.
 */
export async function cloneGitSource(
  url: string,
  options: CloneGitSourceOptions = {},
): Promise<ClonedRepository> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'skillset-add-'));
  const folder = path.join(parent, 'repository');
  const dispose = () => rm(parent, { recursive: true, force: true });
  try {
    await checkout(url, folder, parent, options);
    const commit = await runGit(['rev-parse', 'HEAD'], folder, options.env ?? {});
    return { folder, commit, [Symbol.asyncDispose]: dispose };
  } catch (error) {
    await dispose();
    if (!(error instanceof GitError)) throw error;
    const at = options.ref === undefined ? '' : ` at ${options.ref}`;
    throw new SkillsetError<CliErrorCode>({
      code: 'git_clone_failed',
      message: `git clone ${url}${at} failed: ${error.detail}`,
      details: { url, ...(options.ref === undefined ? {} : { ref: options.ref }) },
      cause: error.cause,
    });
  }
}
