import {
  closeSync,
  type Dirent,
  fstatSync,
  openSync,
  readdirSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { basename, sep } from 'node:path';
import { createIssue } from '../format/create-issue.ts';
import { parseSkill } from '../format/parse-skill.ts';
import { createSkillRecord } from '../source/create-skill-record.ts';
import type { SkillRecord, SkillSourceIssue } from '../source/skill-source.ts';
import { readSkillPrefix } from './read-skill-prefix.ts';

/** Folder names never searched for skills. */
export const SKIPPED_FOLDER_NAMES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** The skill file names looked for, in order: `SKILL.md`, then lowercase `skill.md`. */
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

const SKILL_FILE_NAME_SET: ReadonlySet<string> = new Set(SKILL_FILE_NAMES);

/** Options for {@link scanSkillTree}. */
export interface ScanSkillTreeOptions {
  /** The source root (absolute). */
  root: string;
  /** Where to start, a folder at or under `root`; defaults to `root`. */
  start?: string;
  /** Deepest skill folder, counted in folders below the root. */
  maxDepth: number;
  /** Stop after this many skills. */
  maxSkills: number;
  profile: 'strict' | 'default';
  /** Largest `SKILL.md` accepted, in bytes. */
  maxSkillFileBytes: number;
  /** Known skills by folder path relative to the root; reused without reading when size and mtime match. */
  previous?: ReadonlyMap<string, SkillRecord>;
}

/** What {@link scanSkillTree} found, with counters that show how much work it did. */
export interface ScanSkillTreeResult {
  /** Skills by folder path relative to the root (`/`-separated, `''` for the root itself). */
  skills: Map<string, SkillRecord>;
  issues: SkillSourceIssue[];
  /** Skill files opened and parsed. */
  parsed: number;
  /** Skills reused from `previous` after a stat. */
  reused: number;
  /** Bytes read from skill files. */
  bytesRead: number;
}

/**
 * Walks a folder tree synchronously for skill folders, listing each folder once and reading only
 * the frontmatter of each listed `SKILL.md`.
 */
export function scanSkillTree(options: ScanSkillTreeOptions): ScanSkillTreeResult {
  const { root, previous } = options;
  const result: ScanSkillTreeResult = {
    skills: new Map(),
    issues: [],
    parsed: 0,
    reused: 0,
    bytesRead: 0,
  };
  const visitedLinks = new Set<string>();
  let limitReported = false;
  const depthLimited: string[] = [];

  const relativeOf = (path: string): string => {
    if (path === root) return '';
    const relative = path.slice(root.length + 1);
    return sep === '/' ? relative : relative.replaceAll(sep, '/');
  };

  const reuse = (relative: string, skillFile: string): boolean => {
    const known = previous?.get(relative);
    if (known === undefined || known.size === undefined || known.skillFile !== skillFile) {
      return false;
    }
    const stats = statSync(skillFile, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isFile()) return false;
    if (stats.size !== known.size || stats.mtimeMs !== known.mtimeMs) return false;
    result.skills.set(relative, known);
    result.reused += 1;
    return true;
  };

  /** Reads one skill file; false when it is not a regular file after all. */
  const read = (folder: string, relative: string, fileName: string): boolean => {
    const skillFile = `${folder}${sep}${fileName}`;
    if (reuse(relative, skillFile)) return true;
    const folderName = basename(folder);
    let fd: number;
    try {
      fd = openSync(skillFile, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return false;
      result.skills.set(relative, unreadable(folder, skillFile, folderName, error));
      return true;
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) return false;
      const prefix = readSkillPrefix({ fd, size: stats.size, maxBytes: options.maxSkillFileBytes });
      result.bytesRead += prefix.bytesRead;
      result.parsed += 1;
      const parsed = parseSkill(prefix.text, { profile: options.profile, folderName });
      const issues = [...parsed.issues];
      if (fileName !== 'SKILL.md') {
        issues.push(
          createIssue('lowercase_skill_file', 'warning', `Rename ${fileName} to SKILL.md.`),
        );
      }
      let valid = parsed.valid;
      if (stats.size > options.maxSkillFileBytes) {
        valid = false;
        issues.push(
          createIssue(
            'file_too_large',
            'error',
            `${fileName} is ${stats.size} bytes; the limit is ${options.maxSkillFileBytes}.`,
          ),
        );
      }
      result.skills.set(
        relative,
        createSkillRecord({
          parsed: { ...parsed, valid, issues },
          path: folder,
          skillFile,
          folderName,
          size: stats.size,
          mtimeMs: stats.mtimeMs,
        }),
      );
      return true;
    } catch (error) {
      result.skills.set(relative, unreadable(folder, skillFile, folderName, error));
      return true;
    } finally {
      closeSync(fd);
    }
  };

  const visit = (folder: string, depth: number): void => {
    if (result.skills.size >= options.maxSkills) {
      if (!limitReported) {
        limitReported = true;
        result.issues.push({
          code: 'scan_skill_limit',
          severity: 'warning',
          message: `Stopped after ${options.maxSkills} skills; raise maxSkills to find more.`,
          path: folder,
        });
      }
      return;
    }
    const relative = relativeOf(folder);
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      // A folder that cannot be listed may still let its skill file be opened.
      for (const fileName of SKILL_FILE_NAMES) if (read(folder, relative, fileName)) break;
      result.issues.push({
        code: 'unreadable_folder',
        severity: 'warning',
        message: `Cannot read folder ${folder}: ${(error as Error).message}`,
        path: folder,
      });
      return;
    }
    const children: string[] = [];
    const skillFiles: string[] = [];
    for (const entry of entries) {
      const name = entry.name;
      if (SKIPPED_FOLDER_NAMES.has(name)) continue;
      if (entry.isDirectory()) children.push(name);
      else if (SKILL_FILE_NAME_SET.has(name)) skillFiles.push(name);
      else if (entry.isSymbolicLink() && isLinkedFolder(`${folder}${sep}${name}`, visitedLinks)) {
        children.push(name);
      }
    }
    // Only listed skill files are opened: a failed open costs more than the listing.
    for (const fileName of SKILL_FILE_NAMES) {
      if (skillFiles.includes(fileName) && read(folder, relative, fileName)) break;
    }
    if (children.length === 0) return;
    if (depth >= options.maxDepth) {
      depthLimited.push(folder);
      return;
    }
    children.sort();
    // Plain concatenation: `path.join` costs more than the stat it precedes.
    for (const name of children) visit(`${folder}${sep}${name}`, depth + 1);
  };

  const start = options.start ?? root;
  visitedLinks.add(safeRealpath(root));
  const startRelative = relativeOf(start);
  visit(start, startRelative === '' ? 0 : startRelative.split('/').length);
  const [firstLimited] = depthLimited;
  if (firstLimited !== undefined) {
    const more = depthLimited.length > 1 ? ` and ${depthLimited.length - 1} more` : '';
    result.issues.push({
      code: 'scan_depth_limit',
      severity: 'warning',
      message: `Not searching below ${firstLimited}${more}: skill folders more than ${options.maxDepth} levels deep are ignored.`,
      path: firstLimited,
    });
  }
  return result;
}

function unreadable(
  folder: string,
  skillFile: string,
  folderName: string,
  error: unknown,
): SkillRecord {
  return createSkillRecord({
    parsed: {
      valid: false,
      issues: [
        createIssue(
          'unreadable_skill_file',
          'error',
          `Cannot read ${skillFile}: ${(error as Error).message}`,
        ),
      ],
    },
    path: folder,
    skillFile,
    folderName,
  });
}

/** True when a symlink leads to a folder not seen before (guards against link cycles). */
function isLinkedFolder(path: string, visitedLinks: Set<string>): boolean {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isDirectory()) return false;
  const target = safeRealpath(path);
  if (visitedLinks.has(target)) return false;
  visitedLinks.add(target);
  return true;
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
