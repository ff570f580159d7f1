import { SkillsetError, type TrustedSigners } from '@skillset/core';
import { checkLockedFolders, unmanagedFolderMessage } from '../install/check-locked-folders.ts';
import { createCloneCache, fetchLockedSkill } from '../install/fetch-locked-skill.ts';
import { displayFolder, type InstallScope } from '../install/install-root.ts';
import {
  describeLocalEdits,
  digestSkillFolder,
  type LocalEdits,
  readSkillLock,
  type SkillLock,
  type SkillLockEntry,
  type SkillLockSource,
  writeSkillLock,
} from '../install/skill-lock.ts';
import {
  digestCandidate,
  findLockEntry,
  sameDigests,
  skillLockFile,
} from '../install/skill-lock-file.ts';
import {
  describeSignature,
  signatureRefusal,
  verifyCandidateSignature,
} from '../install/verify-candidate-signature.ts';
import { writeSkillFolder } from '../install/write-skill-folder.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runUpdate}. */
export interface UpdateCommandOptions {
  /** The skills to update; every skill in the lockfile when empty. */
  names: string[];
  scope: InstallScope;
  /** Replace skills with local edits. */
  force?: boolean;
  json?: boolean;
}

/** What `update` did with one skill. */
export type UpdateStatus = 'up_to_date' | 'updated' | 'locally_edited' | 'failed';

interface UpdateReport {
  name: string;
  status: UpdateStatus;
  from?: string;
  to?: string;
  folders: string[];
  /** How the source changed since the install. */
  changes?: LocalEdits;
  /** How the installed folder differs from what was installed. */
  localEdits?: LocalEdits;
  /** The new version's signature, when it was about to be written: "signed by …" or "unsigned". */
  signature?: string;
  error?: string;
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

function commitOf(source: SkillLockSource): string | undefined {
  return source.type === 'git' ? source.commit : undefined;
}

function diffDigests(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): LocalEdits {
  const keys = (record: Readonly<Record<string, string>>) => Object.keys(record).sort();
  return {
    changed: keys(before).filter(
      (file) => after[file] !== undefined && after[file] !== before[file],
    ),
    added: keys(after).filter((file) => before[file] === undefined),
    removed: keys(before).filter((file) => after[file] === undefined),
  };
}

function mergeEdits(all: LocalEdits[]): LocalEdits {
  const union = (pick: (edits: LocalEdits) => string[]) => [...new Set(all.flatMap(pick))].sort();
  return {
    changed: union((edits) => edits.changed),
    added: union((edits) => edits.added),
    removed: union((edits) => edits.removed),
  };
}

async function updateOne(
  terminal: Terminal,
  options: UpdateCommandOptions,
  context: {
    lockFile: string;
    lock: SkillLock;
    clones: ReturnType<typeof createCloneCache>;
    requireSigned: boolean;
    trust: TrustedSigners;
  },
  name: string,
  entry: SkillLockEntry,
): Promise<UpdateReport> {
  const { lockFile, lock } = context;
  const from = commitOf(entry.source);
  const checked = await checkLockedFolders(terminal, options.scope, lockFile, entry);
  const base = { name, folders: checked.folders, ...(from === undefined ? {} : { from }) };
  if (checked.unmanaged !== undefined) {
    const error = unmanagedFolderMessage(terminal, lockFile, checked.unmanaged);
    return { ...base, status: 'failed', error };
  }
  let fetched: Awaited<ReturnType<typeof fetchLockedSkill>>;
  try {
    fetched = await fetchLockedSkill({
      name,
      source: entry.source,
      lockFile,
      cwd: terminal.cwd,
      env: terminal.env,
      clones: context.clones,
    });
  } catch (error) {
    if (!SkillsetError.isInstance(error)) throw error;
    return { ...base, status: 'failed', error: error.message };
  }
  const { candidate, source } = fetched;
  const to = commitOf(source);
  const withTo = { ...base, ...(to === undefined ? {} : { to }) };
  if (!candidate.valid) {
    const error = `the new version of ${name} (${candidate.source}) is not valid; nothing was replaced: ${candidate.issues.map((issue) => issue.message).join('; ')}`;
    return { ...withTo, status: 'failed', error };
  }
  const digests = digestCandidate(candidate);
  const upstreamChanged = !sameDigests(digests, entry.files);
  const localEdits =
    checked.edits.length === 0 ? undefined : mergeEdits(checked.edits.map((found) => found.edits));
  const withEdits = { ...withTo, ...(localEdits === undefined ? {} : { localEdits }) };
  if (!upstreamChanged && (localEdits === undefined || !options.force)) {
    lock.skills[name] = { ...entry, source };
    return { ...withEdits, status: 'up_to_date' };
  }
  const changes = diffDigests(entry.files, digests);
  if (localEdits !== undefined && !options.force) {
    const where = checked.edits.map((found) => displayFolder(terminal, found.folder)).join(', ');
    const error = `${name} has local edits in ${where} (${describeLocalEdits(localEdits)}); pass --force to replace them.`;
    return { ...withEdits, changes, status: 'locally_edited', error };
  }
  const status = await verifyCandidateSignature(candidate, context.trust);
  const signature = describeSignature(status);
  const refusal = context.requireSigned ? signatureRefusal(name, status) : undefined;
  if (refusal !== undefined) {
    const error = `the new version of ${name} (${candidate.source}) is refused: ${refusal}; nothing was replaced.`;
    return { ...withEdits, changes, signature, status: 'failed', error };
  }
  for (const folder of checked.folders) {
    await writeSkillFolder({ target: folder, force: true, skill: candidate });
  }
  const [first = ''] = checked.folders;
  lock.skills[name] = { source, folders: entry.folders, files: await digestSkillFolder(first) };
  return { ...withEdits, changes, signature, status: 'updated' };
}

function printReport(terminal: Terminal, report: UpdateReport): void {
  const short = (commit: string | undefined) => (commit === undefined ? '' : commit.slice(0, 7));
  const name = paint(terminal, 'stdout', 'bold', report.name);
  const ok = paint(terminal, 'stdout', 'green', '✓');
  const bad = paint(terminal, 'stdout', 'red', '✗');
  if (report.status === 'up_to_date') {
    const at = report.to === undefined ? '' : ` (commit ${short(report.to)})`;
    const kept =
      report.localEdits === undefined
        ? ''
        : `; keeps local edits: ${describeLocalEdits(report.localEdits)}`;
    printLine(terminal, `${ok} ${name}  up to date${at}${kept}`);
  } else if (report.status === 'updated') {
    const commits =
      report.from === undefined || report.to === undefined
        ? ''
        : ` ${short(report.from)} → ${short(report.to)}`;
    const changes = report.changes === undefined ? '' : describeLocalEdits(report.changes);
    printLine(
      terminal,
      `${ok} ${name}  updated${commits}${changes === '' ? ' (local edits replaced)' : `: ${changes}`}`,
    );
    if (report.signature !== undefined) printLine(terminal, `    ${report.signature}`);
  } else if (report.status === 'locally_edited' && report.localEdits !== undefined) {
    printLine(terminal, `${bad} ${name}  locally edited: ${describeLocalEdits(report.localEdits)}`);
  } else {
    printLine(terminal, `${bad} ${name}  not updated`);
  }
}

/**
 * `skillset update [name...]`: reads each locked skill from its source again (a git skill at the
 * newest commit of its ref) and replaces its folders atomically; a folder with local edits is left
 * alone unless `--force`.
 */
export async function runUpdate(
  terminal: Terminal,
  options: UpdateCommandOptions,
): Promise<number> {
  const lockFile = skillLockFile(terminal, options.scope);
  const policy = await openLocalPolicy(terminal);
  const requireSigned = policy.context.requireSigned === true;
  let lock: SkillLock;
  try {
    lock = await readSkillLock(lockFile);
  } catch (error) {
    return fail(terminal, (error as Error).message);
  }
  const known = Object.keys(lock.skills);
  const selected: Array<[string, SkillLockEntry]> = [];
  for (const name of options.names) {
    const found = findLockEntry(lock, name);
    if (found === undefined) {
      const installed = known.length === 0 ? 'none' : known.join(', ');
      return fail(
        terminal,
        `${name} is not in ${displayFolder(terminal, lockFile)} (skills installed by skillset add: ${installed}).`,
      );
    }
    if (!selected.some(([other]) => other === found[0])) selected.push(found);
  }
  if (options.names.length === 0) selected.push(...Object.entries(lock.skills));

  const reports: UpdateReport[] = [];
  {
    await using clones = createCloneCache(terminal.env);
    for (const [name, entry] of selected) {
      reports.push(
        await updateOne(
          terminal,
          options,
          { lockFile, lock, clones, requireSigned, trust: policy.trust },
          name,
          entry,
        ),
      );
    }
  }
  if (reports.length > 0) await writeSkillLock(lockFile, lock);

  if (options.json) {
    const skills = reports.map(({ name, status, ...rest }) => ({ name, status, ...rest }));
    printJson(terminal, { scope: options.scope, lockfile: lockFile, skills });
  } else if (reports.length === 0) {
    printLine(
      terminal,
      `No skills in ${displayFolder(terminal, lockFile)}; install some with skillset add.`,
    );
  } else {
    for (const report of reports) printReport(terminal, report);
  }
  const failed = reports.filter((report) => report.error !== undefined);
  for (const report of failed) terminal.stderr.write(`skillset: error: ${report.error}\n`);
  return failed.length > 0 ? 1 : 0;
}
