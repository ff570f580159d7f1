import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { AGENT_NAMES, type AgentName, isAgentName } from '../agents/agent-table.ts';
import { chooseCopyFolders } from '../install/choose-copy-folders.ts';
import { describeLocalEdits, findLocalEdits, type SkillLockEntry } from '../install/skill-lock.ts';
import { sameDigests } from '../install/skill-lock-file.ts';
import type { SyncConflict } from './run-sync-pass.ts';
import type { SyncTargets } from './sync-targets.ts';

/** Options for {@link planSkillSync}. */
export interface PlanSkillSyncOptions {
  name: string;
  /** The server's version and the digest of each of its files. */
  version: number;
  digests: Record<string, string>;
  /** The lock's entry, when this server installed the skill before. */
  entry: SkillLockEntry | undefined;
  targets: SyncTargets;
  force: boolean;
}

/** What one pass does with one granted skill, folder by folder. */
export interface SkillSyncPlan {
  /** Every agent the skill is kept for: those of earlier passes and `--agent`'s. */
  agents: AgentName[];
  /** Skill folders to write (absolute). */
  writes: string[];
  /** Folders the lock owns that stay as they are: untouched, or edited here and held back. */
  keep: string[];
  /** Folders the lock owns that no agent needs any more (a second copy). */
  remove: string[];
  /** Folders held back, each with why. */
  conflicts: SyncConflict[];
}

const exists = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

/**
 * The agents an entry was installed for: as the lock records them, or for a lock written before it
 * did, the agent whose install folder each folder is (else every agent reading that folder).
 */
function agentsOf(entry: SkillLockEntry, folders: readonly string[], targets: SyncTargets) {
  if (entry.agents !== undefined) return entry.agents.filter(isAgentName);
  const table = AGENT_NAMES.map((agent) => ({
    agent,
    ...agentSkillFolders(agent, targets.context, targets.global),
  }));
  return folders.flatMap((folder) => {
    const root = path.dirname(folder);
    const installing = table.filter((each) => each.install === root);
    return (
      installing.length > 0 ? installing : table.filter((each) => each.reads.includes(root))
    ).map((each) => each.agent);
  });
}

/**
 * Plans one granted skill: the folders that give every agent one copy (`chooseCopyFolders`), each
 * written when it is missing or the server's files changed, and held back alone when it was edited
 * here or not installed by sync (unless `force`) — an edit is found even when the server's version
 * is unchanged, and `force` restores it; a copy sync owns that no agent needs any more is removed
 * unless it was edited here.
 */
export async function planSkillSync(options: PlanSkillSyncOptions): Promise<SkillSyncPlan> {
  const { name, entry, targets, force } = options;
  const base = path.dirname(targets.lockFile);
  const owned = (entry?.folders ?? []).map((folder) => path.resolve(base, folder));
  const earlier = entry === undefined ? [] : agentsOf(entry, owned, targets);
  const agents = AGENT_NAMES.filter(
    (agent) => earlier.includes(agent) || targets.agents.includes(agent),
  );
  const copies = chooseCopyFolders({
    agents,
    context: targets.context,
    global: targets.global,
  });
  const wanted = copies.write.map((root) => path.join(root, name));
  const serverChanged = entry === undefined || !sameDigests(entry.files, options.digests);
  const show = targets.display;
  const plan: SkillSyncPlan = { agents, writes: [], keep: [], remove: [], conflicts: [] };
  for (const folder of wanted) {
    if (!(await exists(folder))) plan.writes.push(folder);
    else if (!owned.includes(folder)) {
      if (force) plan.writes.push(folder);
      else
        plan.conflicts.push({
          name,
          folder: show(folder),
          reason: `${show(folder)} exists and was not installed by skillset sync; move it away or pass --force to replace it`,
        });
    } else {
      const edits = await findLocalEdits(folder, entry?.files ?? {});
      if (edits === undefined) (serverChanged ? plan.writes : plan.keep).push(folder);
      else if (force) plan.writes.push(folder);
      else {
        plan.keep.push(folder);
        plan.conflicts.push({
          name,
          folder: show(folder),
          reason: serverChanged
            ? `${show(folder)} was edited here (${describeLocalEdits(edits)}); not updated to version ${options.version} — pass --force to replace it`
            : `${show(folder)} was edited here (${describeLocalEdits(edits)}); the server's version ${options.version} is unchanged — pass --force to restore it`,
        });
      }
    }
  }
  // A second copy goes only once every wanted folder holds the skill from this sync.
  const inPlace = wanted.every(
    (folder) => plan.writes.includes(folder) || plan.keep.includes(folder),
  );
  for (const folder of owned.filter((each) => !wanted.includes(each))) {
    if (!(await exists(folder))) continue;
    const edits = await findLocalEdits(folder, entry?.files ?? {});
    if (!inPlace) plan.keep.push(folder);
    else if (edits === undefined || force) plan.remove.push(folder);
    else {
      plan.keep.push(folder);
      plan.conflicts.push({
        name,
        folder: show(folder),
        reason: `${show(folder)} was edited here (${describeLocalEdits(edits)}); the agents read ${name} from ${wanted.map(show).join(' and ')} now, so this second copy is no longer synced — delete it yourself or pass --force`,
      });
    }
  }
  return plan;
}
