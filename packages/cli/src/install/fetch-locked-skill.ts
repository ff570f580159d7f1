import { stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { findSkillFile } from '@skillset/core/node';
import type { CliErrorCode } from '../cli-error-code.ts';
import { type ClonedRepository, cloneGitSource } from './clone-git-source.ts';
import { readAddSource } from './read-add-source.ts';
import { readFolderCandidate } from './read-folder-candidate.ts';
import type { SkillCandidate } from './skill-candidate.ts';
import type { SkillLockSource } from './skill-lock.ts';
import { fromLockPath } from './skill-lock-file.ts';

/** Clones made during one run, one per repository and ref, removed together on dispose. */
export interface CloneCache extends AsyncDisposable {
  clone(url: string, ref: string | undefined): Promise<ClonedRepository>;
}

/** A {@link CloneCache} whose clones run git with `env`. */
export function createCloneCache(env: NodeJS.ProcessEnv): CloneCache {
  const clones = new Map<string, Promise<ClonedRepository>>();
  return {
    clone(url, ref) {
      const key = `${url}\n${ref ?? ''}`;
      let clone = clones.get(key);
      if (clone === undefined) {
        clone = cloneGitSource(url, { env, ...(ref === undefined ? {} : { ref }) });
        clones.set(key, clone);
      }
      return clone;
    },
    async [Symbol.asyncDispose]() {
      const settled = await Promise.allSettled(clones.values());
      for (const result of settled) {
        if (result.status === 'fulfilled') await result.value[Symbol.asyncDispose]();
      }
    },
  };
}

/** Options for {@link fetchLockedSkill}. */
export interface FetchLockedSkillOptions {
  name: string;
  source: SkillLockSource;
  lockFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  clones: CloneCache;
}

/** The skill as its source holds it now, and the source as the lockfile will record it. */
export interface FetchLockedSkillResult {
  candidate: SkillCandidate;
  source: SkillLockSource;
}

function gone(message: string, name: string): SkillsetError<CliErrorCode> {
  return new SkillsetError<CliErrorCode>({
    code: 'install_source_not_found',
    message,
    details: { name },
  });
}

/**
 * Reads a locked skill from its source again: the git repository at the recorded ref (the newest
 * commit of a branch) and folder, or the local folder or `.zip`; throws when it is gone.
 */
export async function fetchLockedSkill(
  options: FetchLockedSkillOptions,
): Promise<FetchLockedSkillResult> {
  const { name, source } = options;
  if (source.type === 'server') {
    throw gone(`${name} came from a Skillset server; run skillset sync to update it.`, name);
  }
  if (source.type === 'local') {
    const file = fromLockPath(options.lockFile, source.path);
    if ((await stat(file).catch(() => undefined)) === undefined) {
      throw gone(`${name} was added from ${file}, which no longer exists.`, name);
    }
    const [candidate, ...others] = await readAddSource({ source: file, cwd: options.cwd });
    if (candidate === undefined || others.length > 0) {
      throw gone(`${file} no longer holds exactly one skill.`, name);
    }
    return { candidate, source };
  }
  const clone = await options.clones.clone(source.url, source.ref);
  const at = `${source.url}${source.ref === undefined ? '' : ` at ${source.ref}`} (commit ${clone.commit.slice(0, 7)})`;
  const folder = path.resolve(clone.folder, ...source.path.split('/'));
  const relative = path.relative(clone.folder, folder);
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  if (!inside || (await findSkillFile(folder).catch(() => undefined)) === undefined) {
    throw gone(`There is no skill at ${source.path} in ${at} any more.`, name);
  }
  const shown = `${source.url}#${source.path}`;
  const candidate = await readFolderCandidate({ folder, source: shown });
  return { candidate, source: { ...source, commit: clone.commit } };
}
