import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './shared-dir.ts';

/** The Node the repository pins (its `node` dev dependency); every release here runs on it. */
export const repositoryNode = path.join(repoRoot, 'node_modules', 'node', 'bin', 'node');

/** What a release needs to run `skillset serve` from its sources. */
const RELEASE_PATHS = [
  'packages',
  'scripts',
  'package.json',
  'tsconfig.base.json',
  'tsconfig.json',
];

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
}

/** Pipes `git archive COMMIT PATHS` into `tar -x -C dir`. */
async function archive(commit: string, dir: string): Promise<void> {
  const gitArchive = spawn('git', ['archive', commit, ...RELEASE_PATHS], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  gitArchive.stdout.pipe(tar.stdin);
  let errors = '';
  gitArchive.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  tar.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const [[archived], [extracted]] = await Promise.all([
    once(gitArchive, 'close'),
    once(tar, 'close'),
  ]);
  if (archived !== 0 || extracted !== 0) {
    throw new Error(`git archive ${commit} | tar -x -C ${dir} failed:\n${errors}`);
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isDirectory() ?? false;
}

/**
 * Links the repository's installed dependencies into `dir/node_modules` (one symlink per entry),
 * but the release's own packages (`@skillset/*`, `skillset`) to its extracted sources.
 */
async function linkDependencies(dir: string): Promise<void> {
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@skillset'), { recursive: true });
  const installed = path.join(repoRoot, 'node_modules');
  const own = new Set(['@skillset', 'skillset']);
  for (const entry of await readdir(installed)) {
    if (entry.startsWith('.') || own.has(entry)) continue;
    await symlink(path.join(installed, entry), path.join(modules, entry));
  }
  for (const folder of await readdir(path.join(dir, 'packages'))) {
    const packageDir = path.join(dir, 'packages', folder);
    const { name } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
      name: string;
    };
    await symlink(packageDir, path.join(modules, name));
    // A package's own copies of a dependency (another major version than the root's).
    const nested = path.join(repoRoot, 'packages', folder, 'node_modules');
    if (await isDirectory(nested)) await symlink(nested, path.join(packageDir, 'node_modules'));
  }
}

/**
 * Extracts an earlier commit's sources into the empty folder `dir` and makes them runnable without
 * an install: its own packages, this checkout's third-party dependencies.
 */
export async function extractRelease(commit: string, dir: string): Promise<void> {
  try {
    git(['cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    throw new Error(
      `Commit ${commit} is not in this clone (a shallow clone?); fetch the history with \`git fetch --unshallow\`.`,
    );
  }
  await archive(commit, dir);
  await linkDependencies(dir);
}

/** A running `skillset serve` child process. */
export interface ServeChild {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Stops it with SIGTERM; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Options for {@link startServe}. */
export interface StartServeOptions {
  /** The checkout whose sources run (this repository or an extracted release). */
  root: string;
  /** Arguments after `skillset serve --port 0`. */
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** Starts `skillset serve --port 0` from `root`'s sources; resolves once it listens. */
export function startServe(options: StartServeOptions): Promise<ServeChild> {
  const child = spawn(
    repositoryNode,
    [
      '--import',
      path.join(options.root, 'scripts', 'source-hooks.js'),
      path.join(options.root, 'packages', 'cli', 'src', 'bin.ts'),
      'serve',
      '--port',
      '0',
      ...options.args,
    ],
    { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const [code] = await exited;
    return code as number | null;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Skillset is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url && /Press Ctrl\+C/.test(output)) resolve({ url, child, output: () => output, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then(
      ([code]) =>
        reject(new Error(`skillset serve (${options.root}) exited (${code}):\n${output}`)),
      reject,
    );
  });
}
