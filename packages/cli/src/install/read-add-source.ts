import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { findSkillFile, findSkillFolders } from '@skillset/core/node';
import type { CliErrorCode } from '../cli-error-code.ts';
import { cloneGitSource, isGitUrl, splitGitSource } from './clone-git-source.ts';
import { readFolderCandidate } from './read-folder-candidate.ts';
import { readZipCandidate } from './read-zip-candidate.ts';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link readAddSource}. */
export interface ReadAddSourceOptions {
  /** A skill folder, a folder of skills, a `SKILL.md`, a `.zip`, or a git URL (`URL#subdir`). */
  source: string;
  /** A folder inside the source (a folder or repository) to read the skills from. */
  subpath?: string;
  cwd: string;
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
): Promise<SkillCandidate[]> {
  const stats = await stat(root).catch(() => undefined);
  if (!stats?.isDirectory()) throw notFound(`${show(root)} is not a folder in ${source}.`, source);
  const folders = await findCandidateFolders(root);
  if (folders.length === 0) {
    throw notFound(
      `No SKILL.md found in ${show(root)}; pass a skill folder, a folder of skills, a .zip or a git URL.`,
      source,
    );
  }
  const candidates: SkillCandidate[] = [];
  for (const folder of folders) {
    candidates.push(await readFolderCandidate({ folder, source: show(folder) }));
  }
  return candidates;
}

/**
 * Reads and validates every skill an `add` source holds: a folder (its skill, or the skills below
 * it), a `SKILL.md`, a ZIP (with every upload check), or a git repository cloned shallowly.
 */
export async function readAddSource(options: ReadAddSourceOptions): Promise<SkillCandidate[]> {
  const { source, cwd } = options;
  if (isGitUrl(source)) {
    const { url, subdir } = splitGitSource(source);
    await using clone = await cloneGitSource(url);
    const inner = options.subpath ?? subdir ?? '';
    const root = path.resolve(clone.folder, inner);
    if (!isInside(clone.folder, root)) {
      throw notFound(`${inner} leads outside the repository ${url}.`, source);
    }
    const show = (folder: string) => {
      const relative = path.relative(clone.folder, folder).split(path.sep).join('/');
      return relative === '' ? url : `${url}#${relative}`;
    };
    return await readFolderSkills(root, show, source);
  }
  const resolved = path.resolve(cwd, source);
  const stats = await stat(resolved).catch(() => undefined);
  if (stats === undefined) {
    throw notFound(
      `${source} does not exist; pass a skill folder, a SKILL.md, a .zip or a git URL.`,
      source,
    );
  }
  const show = (folder: string) => path.relative(cwd, folder) || '.';
  if (stats.isDirectory()) {
    return readFolderSkills(path.resolve(resolved, options.subpath ?? ''), show, source);
  }
  if (/^skill\.md$/i.test(path.basename(resolved))) {
    return [
      await readFolderCandidate({
        folder: path.dirname(resolved),
        source: show(path.dirname(resolved)),
      }),
    ];
  }
  const bytes = await readFile(resolved);
  const isZip = /\.zip$/i.test(resolved) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (!isZip) {
    throw notFound(
      `${source} is neither a skill folder, a SKILL.md nor a .zip; pass one of those or a git URL.`,
      source,
    );
  }
  return [
    readZipCandidate({
      bytes,
      source: show(resolved),
      fallbackName: path.basename(resolved).replace(/\.zip$/i, ''),
    }),
  ];
}
