import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { closestNames, type SkillEntry } from '@skillset/core';
import { displayFolder } from '../install/install-root.ts';
import { readFolderCandidate } from '../install/read-folder-candidate.ts';
import type { SkillCandidate } from '../install/skill-candidate.ts';
import { readSkillLock } from '../install/skill-lock.ts';
import { fromLockPath, skillLockFile } from '../install/skill-lock-file.ts';
import { openLocalRegistry, reportSourceIssues } from '../open-local-registry.ts';
import type { Terminal } from '../output/terminal.ts';

/** Options for {@link findPushSkills}. */
export interface FindPushSkillsOptions {
  /** Skill folders (or their `SKILL.md`) and names of project skills; none = every project skill. */
  targets: readonly string[];
  /** More folders of project skills (`--dir`). */
  dirs: readonly string[];
}

/** The skills to push, each read and validated, or the message refusing the command line. */
export type FindPushSkillsResult =
  | {
      ok: true;
      candidates: SkillCandidate[];
      /** Project skills left out because sync or add installed them (no argument given). */
      skipped: string[];
    }
  | { ok: false; message: string };

const SKILL_FILES = ['SKILL.md', 'skill.md'];

/** A command line that names no pushable skill; its message is for the person. */
class PushTargetError extends Error {}

async function hasSkillFile(folder: string): Promise<boolean> {
  for (const name of SKILL_FILES) {
    if ((await stat(path.join(folder, name)).catch(() => undefined))?.isFile()) return true;
  }
  return false;
}

/** Whether an argument is a path: it has a separator, starts with a dot, or is a skill folder here. */
async function isPathArgument(terminal: Terminal, target: string): Promise<boolean> {
  if (/[/\\]/.test(target) || target.startsWith('.') || SKILL_FILES.includes(target)) return true;
  return hasSkillFile(path.resolve(terminal.cwd, target));
}

/** The skill folder a path argument names: the folder itself, or the folder of its `SKILL.md`. */
async function skillFolderOf(terminal: Terminal, target: string): Promise<string> {
  const resolved = path.resolve(terminal.cwd, target);
  const found = await stat(resolved).catch(() => undefined);
  const hint = 'pass a skill folder (one holding SKILL.md) or the name of a project skill.';
  if (found === undefined) throw new PushTargetError(`${target} does not exist; ${hint}`);
  const isSkillFile = found.isFile() && SKILL_FILES.includes(path.basename(resolved));
  const folder = isSkillFile ? path.dirname(resolved) : resolved;
  if (!isSkillFile && !(found.isDirectory() && (await hasSkillFile(folder)))) {
    throw new PushTargetError(`${target} has no SKILL.md; ${hint}`);
  }
  return folder;
}

/** The folders the project's lockfile says `skillset sync` or `skillset add` installed. */
async function installedFolders(terminal: Terminal): Promise<Set<string>> {
  const file = skillLockFile(terminal, 'project');
  const lock = await readSkillLock(file);
  return new Set(
    Object.values(lock.skills).flatMap((entry) =>
      entry.folders.map((folder) => fromLockPath(file, folder)),
    ),
  );
}

/** The project's skills: its agents' skill folders and `--dir`. */
async function loadProjectEntries(
  terminal: Terminal,
  dirs: readonly string[],
): Promise<SkillEntry[]> {
  const registry = await openLocalRegistry(terminal, dirs, { mcpServers: false });
  try {
    if (await reportSourceIssues(terminal, registry)) {
      throw new PushTargetError('a --dir folder cannot be read; nothing was pushed.');
    }
    return (await registry.list()).filter(
      (entry) => entry.scope === 'project' && entry.origin === undefined,
    );
  } finally {
    await registry.close();
  }
}

function unknownProjectSkill(name: string, known: readonly SkillEntry[]): string {
  const suggestions = closestNames(
    name,
    known.map((entry) => entry.name),
  );
  const hint =
    suggestions.length > 0
      ? ` Did you mean: ${suggestions.join(', ')}?`
      : ' Run `skillset list` to see the project skills, or pass the skill folder.';
  return `no project skill named '${name}'.${hint}`;
}

/** Every project skill but those installed from elsewhere, or why there is none. */
async function allProjectFolders(
  terminal: Terminal,
  entries: readonly SkillEntry[],
  skipped: string[],
): Promise<string[]> {
  const installed = await installedFolders(terminal);
  const folders: string[] = [];
  for (const entry of entries) {
    if (installed.has(path.resolve(entry.path))) skipped.push(entry.name);
    else folders.push(entry.path);
  }
  if (folders.length > 0) return folders;
  const reason =
    skipped.length > 0
      ? ` (skillset sync or add installed ${skipped.join(', ')}; name a skill to push it anyway)`
      : '';
  throw new PushTargetError(
    `no project skills to push${reason}; keep skills in .claude/skills or .agents/skills, pass --dir, or pass a skill folder.`,
  );
}

/**
 * Resolves `skillset push` arguments to skills — a path is a skill folder, a bare name a project
 * skill (the project's agent folders and `--dir`) — and reads and validates each. With no argument
 * it takes every project skill except those `skillset sync` or `add` installed (they come from
 * elsewhere).
 */
export async function findPushSkills(
  terminal: Terminal,
  options: FindPushSkillsOptions,
): Promise<FindPushSkillsResult> {
  const folders: string[] = [];
  const skipped: string[] = [];
  let entries: SkillEntry[] | undefined;
  try {
    if (options.targets.length === 0) {
      entries = await loadProjectEntries(terminal, options.dirs);
      folders.push(...(await allProjectFolders(terminal, entries, skipped)));
    }
    for (const target of options.targets) {
      if (await isPathArgument(terminal, target)) {
        folders.push(await skillFolderOf(terminal, target));
        continue;
      }
      entries ??= await loadProjectEntries(terminal, options.dirs);
      const entry = entries.find((each) => each.name.toLowerCase() === target.toLowerCase());
      if (entry === undefined) throw new PushTargetError(unknownProjectSkill(target, entries));
      folders.push(entry.path);
    }
  } catch (error) {
    if (error instanceof PushTargetError) return { ok: false, message: error.message };
    throw error;
  }
  const seen = new Set<string>();
  const byName = new Map<string, SkillCandidate>();
  for (const folder of folders) {
    const real = await realpath(folder);
    if (seen.has(real)) continue;
    seen.add(real);
    const candidate = await readFolderCandidate({
      folder,
      source: displayFolder(terminal, folder),
    });
    const other = byName.get(candidate.name.toLowerCase());
    if (other !== undefined) {
      return {
        ok: false,
        message: `${other.source} and ${candidate.source} both hold the skill ${candidate.name}; push one of them.`,
      };
    }
    byName.set(candidate.name.toLowerCase(), candidate);
  }
  return { ok: true, candidates: [...byName.values()], skipped };
}
