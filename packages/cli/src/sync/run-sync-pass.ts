import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TrustedSigners } from '@skillset/core';
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
import type { SyncClient, SyncManifest, SyncManifestSkill } from './sync-client.ts';
import type { SyncTargets } from './sync-targets.ts';

/** What a pass did (or, with `dryRun`, would do) to one skill. */
export interface SyncAction {
  kind: 'install' | 'update' | 'remove';
  name: string;
  /** The server's version (install, update) or the one that was there (remove). */
  version: number;
  previousVersion?: number;
  /** The skill folders written or removed. */
  folders: string[];
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

const sameDigests = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([file, digest]) => b[file] === digest);

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
 * One `skillset sync` pass: installs the skills the server grants into every agent folder,
 * updates those whose files changed, removes those it installed that the server no longer grants,
 * and records what it owns in the lockfile. A folder edited here, or one it did not install, is
 * left alone and reported (unless `force`); nothing outside the folders it owns is removed.
 */
export async function runSyncPass(options: SyncPassOptions): Promise<SyncReport> {
  const { client, targets, force = false, dryRun = false } = options;
  const manifest = await client.manifest();
  const lock: SkillLock = await readSkillLock(targets.lockFile);
  const base = path.dirname(targets.lockFile);
  const absolute = (folder: string) => path.resolve(base, folder);
  const relative = (folder: string) => path.relative(base, folder).split(path.sep).join('/');
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

  for (const skill of manifest.skills) {
    const entry = lock.skills[skill.name];
    if (entry !== undefined && !ours(entry)) {
      report.conflicts.push({
        name: skill.name,
        reason: `${skill.name} was installed from ${'spec' in entry.source ? entry.source.spec : entry.source.url} (see ${relative(targets.lockFile)}); remove it with skillset remove to sync the server's`,
      });
      continue;
    }
    const digests = digestsOf(skill);
    const owned = new Set((entry?.folders ?? []).map(absolute));
    const wanted = new Set([
      ...owned,
      ...[...targets.folders.values()].map((root) => path.join(root, skill.name)),
    ]);
    const writes: string[] = [];
    const conflicts: SyncConflict[] = [];
    for (const folder of wanted) {
      if (!(await exists(folder))) writes.push(folder);
      else if (!owned.has(folder)) {
        if (force) writes.push(folder);
        else
          conflicts.push({
            name: skill.name,
            folder: relative(folder),
            reason: `${relative(folder)} exists and was not installed by skillset sync; move it away or pass --force to replace it`,
          });
      } else if (entry === undefined || !sameDigests(entry.files, digests)) {
        const edits = await findLocalEdits(folder, entry?.files ?? {});
        if (edits !== undefined && !force)
          conflicts.push({
            name: skill.name,
            folder: relative(folder),
            reason: `${relative(folder)} was edited here (${describeLocalEdits(edits)}); not updated to version ${skill.version} — pass --force to replace it`,
          });
        else writes.push(folder);
      }
    }
    if (conflicts.length > 0) {
      report.conflicts.push(...conflicts);
      continue;
    }
    if (writes.length === 0) {
      report.unchanged.push(skill.name);
      continue;
    }
    const previousVersion = entry?.source.type === 'server' ? entry.source.version : undefined;
    report.actions.push({
      kind: entry === undefined ? 'install' : 'update',
      name: skill.name,
      version: skill.version,
      ...(previousVersion === undefined ? {} : { previousVersion }),
      folders: writes.map(relative),
    });
    if (dryRun) continue;
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
      const action = report.actions.at(-1);
      if (action !== undefined) action.signature = describeSignature(status);
      for (const folder of writes)
        await writeSkillFolder({ target: folder, force: true, skill: content });
    } catch (error) {
      report.actions.pop();
      report.conflicts.push({ name: skill.name, reason: (error as Error).message });
      continue;
    }
    lock.skills[skill.name] = {
      source: {
        type: 'server',
        url: client.server,
        workspace: manifest.workspace.id,
        version: skill.version,
      },
      folders: [...wanted].map(relative),
      files: digests,
    };
    lockChanged = true;
  }

  const granted = new Set(manifest.skills.map((skill) => skill.name));
  for (const [name, entry] of Object.entries(lock.skills)) {
    if (granted.has(name) || !ours(entry)) continue;
    const present = [];
    for (const folder of entry.folders.map(absolute)) {
      if (!(await exists(folder))) continue;
      const edits = await findLocalEdits(folder, entry.files);
      if (edits !== undefined && !force) {
        report.conflicts.push({
          name,
          folder: relative(folder),
          reason: `${relative(folder)} was edited here (${describeLocalEdits(edits)}); the server no longer grants ${name}, but it was not removed — delete it yourself or pass --force`,
        });
      }
      present.push(folder);
    }
    if (report.conflicts.some((conflict) => conflict.name === name)) continue;
    report.actions.push({
      kind: 'remove',
      name,
      version: entry.source.type === 'server' ? entry.source.version : 0,
      folders: present.map(relative),
    });
    if (dryRun) continue;
    for (const folder of present) await rm(folder, { recursive: true, force: true });
    delete lock.skills[name];
    lockChanged = true;
  }
  if (lockChanged) await writeSkillLock(targets.lockFile, lock);
  return report;
}
