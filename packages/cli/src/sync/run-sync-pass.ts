import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { TrustedSigners } from '@skillset/core';
import { describeSkillPath } from '@skillset/core/authoring';
import type { SyncManifest, SyncManifestSkill } from '@skillset/server/sync-manifest';
import { findSkillLayoutProblem } from '../install/find-skill-layout-problem.ts';
import {
  describeLocalEdits,
  findLocalEdits,
  readSkillLock,
  type SkillLock,
  type SkillLockEntry,
  sha256Hex,
  writeSkillLock,
} from '../install/skill-lock.ts';
import {
  describeSignature,
  signatureRefusal,
  verifyCandidateSignature,
} from '../install/verify-candidate-signature.ts';
import { writeSkillFolder } from '../install/write-skill-folder.ts';
import { planSkillSync } from './plan-skill-sync.ts';
import type { SyncClient } from './sync-client.ts';
import type { SyncTargets } from './sync-targets.ts';

/** What a pass did (or, with `dryRun`, would do) to one skill. */
export interface SyncAction {
  kind: 'install' | 'update' | 'remove';
  name: string;
  /** The server's version (install, update) or the one that was there (remove). */
  version: number;
  /** The version installed before, when it differs. */
  previousVersion?: number;
  /** The skill folders written or removed, as a person reads them (`~/…` in HOME). */
  folders: string[];
  /** Install, update: second copies removed because the agents read the skill elsewhere now. */
  removed?: string[];
  /** The written version's signature: "signed by …" or "unsigned" (install, update). */
  signature?: string;
}

/** A skill the pass left alone because changing it would lose work or touch what it does not own. */
export interface SyncConflict {
  name: string;
  folder?: string;
  reason: string;
}

/** The outcome of one sync pass. */
export interface SyncReport {
  server: string;
  workspace: SyncManifest['workspace'];
  actions: SyncAction[];
  unchanged: string[];
  conflicts: SyncConflict[];
  lockFile: string;
}

/** Options for {@link runSyncPass}. */
export interface SyncPassOptions {
  client: SyncClient;
  targets: SyncTargets;
  /** Replace locally edited skills and folders sync did not install. */
  force?: boolean;
  /** Say what would change, change nothing. */
  dryRun?: boolean;
  /** Refuse (as a conflict, writing nothing) a skill not signed by a signer in `trust`. */
  requireSigned?: boolean;
  /** The signers the local policy trusts; none without it. */
  trust?: TrustedSigners;
}

const exists = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

const digestsOf = (skill: SyncManifestSkill) =>
  Object.fromEntries(skill.files.map((file) => [file.path, file.sha256]));

/** Downloads every file of a skill and checks each against the manifest's size and sha256. */
async function download(client: SyncClient, skill: SyncManifestSkill) {
  let skillBytes: Uint8Array | undefined;
  const files = [];
  for (const file of skill.files) {
    const bytes = await client.file(skill, file.path);
    if (bytes.byteLength !== file.size || sha256Hex(bytes) !== file.sha256) {
      throw new Error(
        `${skill.name}/${file.path} does not match the server's manifest (expected ${file.size} bytes with sha256 ${file.sha256.slice(0, 12)}…, got ${bytes.byteLength} bytes with ${sha256Hex(bytes).slice(0, 12)}…); nothing of ${skill.name} was written.`,
      );
    }
    if (file.path === 'SKILL.md') skillBytes = bytes;
    else files.push({ path: file.path, bytes, executable: bytes[0] === 0x23 && bytes[1] === 0x21 });
  }
  if (skillBytes === undefined) throw new Error(`${skill.name} has no SKILL.md on the server.`);
  return { skillBytes, files };
}

/**
 * One `skillset sync` pass: installs the skills the server grants so that every agent asked for
 * (and every agent of an earlier pass) reads each once, updates those whose files changed, removes
 * those it installed that the server no longer grants, and records what it owns in the lockfile.
 * A folder edited here, or one it did not install, is left alone and reported (unless `force`)
 * while the skill's other folders go ahead; nothing outside the folders it owns is removed.
 */
export async function runSyncPass(options: SyncPassOptions): Promise<SyncReport> {
  const { client, targets, force = false, dryRun = false } = options;
  const manifest = await client.manifest();
  const lock: SkillLock = await readSkillLock(targets.lockFile);
  const base = path.dirname(targets.lockFile);
  const absolute = (folder: string) => path.resolve(base, folder);
  const relative = (folder: string) => path.relative(base, folder).split(path.sep).join('/');
  const show = targets.display;
  const ours = (entry: SkillLockEntry | undefined) =>
    entry?.source.type === 'server' &&
    entry.source.url === client.server &&
    entry.source.workspace === manifest.workspace.id;
  const report: SyncReport = {
    server: client.server,
    workspace: manifest.workspace,
    actions: [],
    unchanged: [],
    conflicts: [],
    lockFile: targets.lockFile,
  };
  let lockChanged = false;
  const entryOf = (name: string) =>
    Object.hasOwn(lock.skills, name) ? lock.skills[name] : undefined;
  /** A folder the lock names for `name` that is not `<an agent's skills folder>/<name>`. */
  const strayFolder = (name: string, entry: SkillLockEntry) => {
    const validName = findSkillLayoutProblem({ name, paths: [] }) === undefined;
    return entry.folders
      .map(absolute)
      .find(
        (folder) => !validName || !targets.roots.some((root) => folder === path.join(root, name)),
      );
  };
  const strayConflict = (name: string, folder: string): SyncConflict => ({
    name,
    reason: `${show(targets.lockFile)} says sync installed ${describeSkillPath(name)} in ${describeSkillPath(show(folder))}, which is not <an agent's skills folder>/${name}; nothing there was changed — fix or delete that entry of the lockfile`,
  });

  for (const skill of manifest.skills) {
    const problem = findSkillLayoutProblem({
      name: skill.name,
      paths: skill.files.map((file) => file.path),
    });
    if (problem !== undefined) {
      report.conflicts.push({
        name: skill.name,
        reason: `Refused the skill ${describeSkillPath(skill.name)} from the server: ${problem}; nothing of it was written`,
      });
      continue;
    }
    const entry = entryOf(skill.name);
    const stray = entry === undefined ? undefined : strayFolder(skill.name, entry);
    if (entry !== undefined && stray !== undefined && ours(entry)) {
      report.conflicts.push(strayConflict(skill.name, stray));
      continue;
    }
    if (entry !== undefined && !ours(entry)) {
      report.conflicts.push({
        name: skill.name,
        reason: `${skill.name} was installed from ${'spec' in entry.source ? entry.source.spec : entry.source.url} (see ${show(targets.lockFile)}); remove it with skillset remove to sync the server's`,
      });
      continue;
    }
    const digests = digestsOf(skill);
    const plan = await planSkillSync({
      name: skill.name,
      version: skill.version,
      digests,
      entry,
      targets,
      force,
    });
    report.conflicts.push(...plan.conflicts);
    const written = plan.writes.length > 0;
    const lockedVersion = entry?.source.type === 'server' ? entry.source.version : undefined;
    const version = written || lockedVersion === undefined ? skill.version : lockedVersion;
    const folders = [...new Set([...plan.writes, ...plan.keep])].map(relative).sort();
    const next: SkillLockEntry = {
      source: { type: 'server', url: client.server, workspace: manifest.workspace.id, version },
      agents: plan.agents,
      folders,
      files: written || entry === undefined ? digests : entry.files,
    };
    if (!written && plan.remove.length === 0) {
      if (plan.conflicts.length === 0) report.unchanged.push(skill.name);
      const same =
        entry === undefined ||
        (isDeepStrictEqual(entry.agents, plan.agents) &&
          isDeepStrictEqual([...entry.folders].sort(), folders));
      if (!dryRun && !same) {
        if (folders.length > 0) lock.skills[skill.name] = next;
        else delete lock.skills[skill.name];
        lockChanged = true;
      }
      continue;
    }
    const action: SyncAction = {
      kind: entry === undefined ? 'install' : 'update',
      name: skill.name,
      version,
      ...(lockedVersion === undefined || lockedVersion === version
        ? {}
        : { previousVersion: lockedVersion }),
      folders: plan.writes.map(show),
      ...(plan.remove.length === 0 ? {} : { removed: plan.remove.map(show) }),
    };
    report.actions.push(action);
    if (dryRun) continue;
    if (written) {
      try {
        const content = await download(client, skill);
        const status = await verifyCandidateSignature(
          { name: skill.name, ...content },
          options.trust ?? { allowedSigners: [], revokedKeys: [] },
        );
        const refusal =
          options.requireSigned === true ? signatureRefusal(skill.name, status) : undefined;
        if (refusal !== undefined)
          throw new Error(`${refusal}; nothing of ${skill.name} was written.`);
        action.signature = describeSignature(status);
        for (const folder of plan.writes)
          await writeSkillFolder({ target: folder, force: true, skill: content });
      } catch (error) {
        report.actions.pop();
        report.conflicts.push({ name: skill.name, reason: (error as Error).message });
        continue;
      }
    }
    for (const folder of plan.remove) await rm(folder, { recursive: true, force: true });
    if (folders.length > 0) lock.skills[skill.name] = next;
    else delete lock.skills[skill.name];
    lockChanged = true;
  }

  const granted = new Set(manifest.skills.map((skill) => skill.name));
  for (const [name, entry] of Object.entries(lock.skills)) {
    if (granted.has(name) || !ours(entry)) continue;
    const stray = strayFolder(name, entry);
    if (stray !== undefined) {
      report.conflicts.push(strayConflict(name, stray));
      continue;
    }
    const removed: string[] = [];
    const kept: string[] = [];
    for (const folder of entry.folders.map(absolute)) {
      if (!(await exists(folder))) continue;
      const edits = await findLocalEdits(folder, entry.files);
      if (edits === undefined || force) removed.push(folder);
      else {
        kept.push(folder);
        report.conflicts.push({
          name,
          folder: show(folder),
          reason: `${show(folder)} was edited here (${describeLocalEdits(edits)}); the server no longer grants ${name}, but it was not removed — delete it yourself or pass --force`,
        });
      }
    }
    if (removed.length === 0 && kept.length > 0) continue;
    report.actions.push({
      kind: 'remove',
      name,
      version: entry.source.type === 'server' ? entry.source.version : 0,
      folders: removed.map(show),
    });
    if (dryRun) continue;
    for (const folder of removed) await rm(folder, { recursive: true, force: true });
    if (kept.length === 0) delete lock.skills[name];
    else entry.folders = kept.map(relative);
    lockChanged = true;
  }
  if (lockChanged) await writeSkillLock(targets.lockFile, lock);
  return report;
}
