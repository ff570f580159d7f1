import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { findSkillLayoutProblem } from '../install/find-skill-layout-problem.ts';
import {
  describeLocalEdits,
  findLocalEdits,
  readSkillLock,
  writeSkillLock,
} from '../install/skill-lock.ts';

/** Options for {@link removeSyncedSkills}. */
export interface RemoveSyncedSkillsOptions {
  lockFile: string;
  /** The agent disconnected: it leaves the lock entries' `agents`, so the next sync serves it no more. */
  agent: string;
  /** The agent's skills folder: only `<folder>/<name>` folders are removed. */
  folder: string;
  server: { url: string; workspace: string; before: readonly string[] };
  /** Delete the lockfile when nothing is left in it (connect created it). */
  deleteEmptyLock?: boolean;
}

/** The skill folders removed, and those left because they were edited here. */
export interface RemoveSyncedSkillsResult {
  removed: string[];
  leftAlone: Array<{ folder: string; reason: string }>;
}

/**
 * Removes from an agent's folder the skills sync installed there from `server` (except those that
 * were there before connect), and their folders from the lockfile; a folder edited since it was
 * installed is left and reported.
 */
export async function removeSyncedSkills(
  options: RemoveSyncedSkillsOptions,
): Promise<RemoveSyncedSkillsResult> {
  const { lockFile, folder, server } = options;
  const lock = await readSkillLock(lockFile);
  const base = path.dirname(lockFile);
  const result: RemoveSyncedSkillsResult = { removed: [], leftAlone: [] };
  let changed = false;
  for (const [name, entry] of Object.entries(lock.skills)) {
    const { source } = entry;
    if (source.type !== 'server' || source.url !== server.url) continue;
    if (source.workspace !== server.workspace || server.before.includes(name)) continue;
    if (findSkillLayoutProblem({ name, paths: [] }) !== undefined) continue;
    const target = path.join(folder, name);
    const kept = entry.folders.filter((stored) => path.resolve(base, stored) !== target);
    if (kept.length === entry.folders.length) continue;
    if ((await lstat(target).catch(() => undefined)) !== undefined) {
      const edits = await findLocalEdits(target, entry.files);
      if (edits !== undefined) {
        result.leftAlone.push({
          folder: target,
          reason: `was edited here (${describeLocalEdits(edits)}); delete it yourself if it should go`,
        });
        continue;
      }
      await rm(target, { recursive: true, force: true });
    }
    result.removed.push(target);
    if (kept.length === 0) delete lock.skills[name];
    else {
      entry.folders = kept;
      if (entry.agents !== undefined) {
        entry.agents = entry.agents.filter((each) => each !== options.agent);
      }
    }
    changed = true;
  }
  if (changed && options.deleteEmptyLock === true && Object.keys(lock.skills).length === 0) {
    await rm(lockFile, { force: true });
  } else if (changed) {
    await writeSkillLock(lockFile, lock);
  }
  return result;
}
