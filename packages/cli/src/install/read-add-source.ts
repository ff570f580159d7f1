import { lstat, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { findSkillFile, findSkillFolders } from '@skillset/core/node';
import type { CliErrorCode } from '../cli-error-code.ts';
import { cloneGitSource, isGitUrl, splitGitSource } from './clone-git-source.ts';
import { type GitSpec, parseGitHubShorthand, parseGitHubTreeUrl } from './parse-git-spec.ts';
import { readFolderCandidate } from './read-folder-candidate.ts';
import { readZipCandidate } from './read-zip-candidate.ts';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link readAddSource}. */
export interface ReadAddSourceOptions {
  /**
   * A skill folder, a folder of skills, a `SKILL.md`, a `.zip`, a git URL (`URL#subdir`), a GitHub
   * tree URL, or GitHub shorthand `owner/repo[/path][@ref]` (an existing local path wins).
   */
  source: string;
  /** A folder inside the source (a folder or repository) to read the skills from. */
  subpath?: string;
  cwd: string;
  /** The environment git runs with (over this process's). */
  env?: NodeJS.ProcessEnv;
}

/** Where a skill of an `add` source came from, as the lockfile records it (local paths absolute). */
export type AddSourceOrigin =
  | {
      type: 'git';
      spec: string;
      url: string;
      ref?: string;
      /** The skill folder inside the repository, `/`-separated (`.` for the root). */
      path: string;
      commit: string;
    }
  | {
      type: 'local';
      spec: string;
      /** The skill folder or `.zip`, absolute. */
      path: string;
    };

/** A skill read from an `add` source, with where it came from. */
export interface AddSourceSkill extends SkillCandidate {
  origin: AddSourceOrigin;
}

function notFound(message: string, source: string): SkillsetError<CliErrorCode> {
  return new SkillsetError<CliErrorCode>({
    code: 'install_source_not_found',
    message,
    details: { source },
  });
}

function isInside(root: string, folder: string): boolean {
  const relative = path.relative(root, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The skill folders at or below `root`, leaving out skills nested inside another one. */
async function findCandidateFolders(root: string): Promise<string[]> {
  if ((await findSkillFile(root).catch(() => undefined)) !== undefined) return [root];
  const folders = await findSkillFolders(root);
  return folders.filter(
    (folder) => !folders.some((other) => other !== folder && isInside(other, folder)),
  );
}

async function readFolderSkills(
  root: string,
  show: (folder: string) => string,
  source: string,
): Promise<Array<SkillCandidate & { folder: string }>> {
  const stats = await stat(root).catch(() => undefined);
  if (!stats?.isDirectory()) throw notFound(`${show(root)} is not a folder in ${source}.`, source);
  const folders = await findCandidateFolders(root);
  if (folders.length === 0) {
    throw notFound(
      `No SKILL.md found in ${show(root)}; pass a skill folder, a folder of skills, a .zip or a git URL.`,
      source,
    );
  }
  const candidates: Array<SkillCandidate & { folder: string }> = [];
  for (const folder of folders) {
    candidates.push({ ...(await readFolderCandidate({ folder, source: show(folder) })), folder });
  }
  return candidates;
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/') || '.';
}

async function readGitSkills(
  spec: GitSpec,
  options: ReadAddSourceOptions,
): Promise<AddSourceSkill[]> {
  const { source } = options;
  const at = spec.ref === undefined ? '' : `@${spec.ref}`;
  let clone: Awaited<ReturnType<typeof cloneGitSource>>;
  try {
    clone = await cloneGitSource(spec.url, {
      ...(spec.ref === undefined ? {} : { ref: spec.ref }),
      ...(options.env === undefined ? {} : { env: options.env }),
    });
  } catch (error) {
    if (spec.github === undefined || !SkillsetError.isInstance(error)) throw error;
    throw notFound(
      `${source} is not a local path, and ${spec.github}${at} could not be cloned from GitHub: ${error.message}`,
      source,
    );
  }
  await using _ = clone;
  const inner = options.subpath ?? spec.path ?? '';
  const root = path.resolve(clone.folder, inner);
  const where = `${spec.github ?? spec.url}${at} (commit ${clone.commit.slice(0, 7)})`;
  if (!isInside(clone.folder, root)) {
    throw notFound(`${inner} leads outside the repository ${spec.url}.`, source);
  }
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) {
    throw notFound(`There is no folder ${inner} in ${where}.`, source);
  }
  const show = (folder: string) => {
    const relative = path.relative(clone.folder, folder).split(path.sep).join('/');
    if (spec.github !== undefined) return `${spec.github}${relative ? `/${relative}` : ''}${at}`;
    return relative === '' ? spec.url : `${spec.url}#${relative}`;
  };
  const candidates = await readFolderSkills(root, show, source);
  return candidates.map(({ folder, ...candidate }) => ({
    ...candidate,
    origin: {
      type: 'git',
      spec: source,
      url: spec.url,
      ...(spec.ref === undefined ? {} : { ref: spec.ref }),
      path: toPosix(path.relative(clone.folder, folder)),
      commit: clone.commit,
    },
  }));
}

/** The git repository a source names, or undefined for a local path. */
async function gitSpecOf(source: string, cwd: string): Promise<GitSpec | undefined> {
  const tree = parseGitHubTreeUrl(source);
  if (tree !== undefined) return tree;
  if (isGitUrl(source)) {
    const { url, subdir } = splitGitSource(source);
    return subdir === undefined ? { url } : { url, path: subdir };
  }
  if ((await lstat(path.resolve(cwd, source)).catch(() => undefined)) !== undefined) {
    return undefined;
  }
  return parseGitHubShorthand(source);
}

/**
 * Reads and validates every skill an `add` source holds: a folder (its skill, or the skills below
 * it), a `SKILL.md`, a ZIP (with every upload check), or a git repository cloned shallowly at a ref.
 */
export async function readAddSource(options: ReadAddSourceOptions): Promise<AddSourceSkill[]> {
  const { source, cwd } = options;
  const git = await gitSpecOf(source, cwd);
  if (git !== undefined) return readGitSkills(git, options);
  const resolved = path.resolve(cwd, source);
  const stats = await stat(resolved).catch(() => undefined);
  if (stats === undefined) {
    throw notFound(
      `${source} does not exist; pass a skill folder, a SKILL.md, a .zip, a git URL or owner/repo[/path][@ref].`,
      source,
    );
  }
  const show = (folder: string) => path.relative(cwd, folder) || '.';
  const local = (path: string) => ({ type: 'local' as const, spec: source, path });
  if (stats.isDirectory()) {
    const candidates = await readFolderSkills(
      path.resolve(resolved, options.subpath ?? ''),
      show,
      source,
    );
    return candidates.map(({ folder, ...candidate }) => ({ ...candidate, origin: local(folder) }));
  }
  if (/^skill\.md$/i.test(path.basename(resolved))) {
    const folder = path.dirname(resolved);
    const candidate = await readFolderCandidate({ folder, source: show(folder) });
    return [{ ...candidate, origin: local(folder) }];
  }
  const bytes = await readFile(resolved);
  const isZip = /\.zip$/i.test(resolved) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (!isZip) {
    throw notFound(
      `${source} is neither a skill folder, a SKILL.md nor a .zip; pass one of those or a git URL.`,
      source,
    );
  }
  const candidate = readZipCandidate({
    bytes,
    source: show(resolved),
    fallbackName: path.basename(resolved).replace(/\.zip$/i, ''),
  });
  return [{ ...candidate, origin: local(resolved) }];
}
