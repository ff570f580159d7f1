import {
  closeSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { basename, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { checkSkillFileName } from '../format/check-skill-file-name.ts';
import { createIssue } from '../format/create-issue.ts';
import { parseSkill } from '../format/parse-skill.ts';
import { isSkillFileName, rankSkillFileNames } from '../format/rank-skill-file-names.ts';
import { createSkillRecord } from '../source/create-skill-record.ts';
import type { SkillRecord, SkillSourceIssue } from '../source/skill-source.ts';
import { readSkillPrefix } from './read-skill-prefix.ts';

/** Folder names never searched for skills. */
export const SKIPPED_FOLDER_NAMES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** The skill file names tried in a folder that cannot be listed: `SKILL.md`, then `skill.md`. */
export const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

/** How much older than a scan an entry's mtime must be to be trusted on the next scan ("racy git"). */
export const RACY_MARGIN_MS = 2000;

/** One folder's listing as the scanner uses it, reused while the folder's mtime and ctime stay the same. */
export interface FolderListing {
  /** The folder's mtime in milliseconds; `NaN` when it was not stat'ed (never reused). */
  mtimeMs: number;
  /** The folder's ctime in milliseconds; catches an mtime set back with `utimes`. */
  ctimeMs: number;
  /** Subfolder names, sorted, without `.git` and `node_modules`. */
  folders: readonly string[];
  /** Symbolic link names in listing order; whether each leads to a folder is checked on every scan. */
  links: readonly string[];
  /** The skill file names present, in the order they are tried (`SKILL.md`, `skill.md`, `Skill.md`…). */
  skillFiles: readonly string[];
}

/** What an earlier scan knew, keyed by folder path relative to the root. */
export interface SkillTreeIndex {
  skills: ReadonlyMap<string, SkillRecord>;
  folders: ReadonlyMap<string, FolderListing>;
  /** When the scan that checked these entries started (ms since the epoch); newer entries are racy. */
  scannedAtMs: number;
}

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
  /**
   * An earlier scan: a skill is reused when its file's size and mtime match, a folder listing when
   * the folder's mtime and ctime match, unless that mtime is within {@link RACY_MARGIN_MS} of the
   * earlier scan's start.
   */
  previous?: SkillTreeIndex;
  /** Stat every listed folder and return its listing in `folders`, so a later scan can reuse it. */
  recordFolders?: boolean;
}

/** What {@link scanSkillTree} found, with counters that show how much work it did. */
export interface ScanSkillTreeResult extends SkillTreeIndex {
  /** Skills by folder path relative to the root (`/`-separated, `''` for the root itself). */
  skills: Map<string, SkillRecord>;
  /** Folder listings by folder path relative to the root, for the folders that were stat'ed. */
  folders: Map<string, FolderListing>;
  issues: SkillSourceIssue[];
  /** Skill files opened and parsed. */
  parsed: number;
  /** Skills reused from `previous` after a stat. */
  reused: number;
  /** Folders listed with `readdir` (the others were reused from `previous` after a stat). */
  listed: number;
  /** Bytes read from skill files. */
  bytesRead: number;
}

const NO_NAMES: readonly string[] = [];

/**
 * Walks a folder tree synchronously for skill folders, listing each folder once (or reusing its
 * earlier listing) and reading only the frontmatter of each listed `SKILL.md`.
 */
export function scanSkillTree(options: ScanSkillTreeOptions): ScanSkillTreeResult {
  const { root, previous } = options;
  const result: ScanSkillTreeResult = {
    skills: new Map(),
    folders: new Map(),
    scannedAtMs: Date.now(),
    issues: [],
    parsed: 0,
    reused: 0,
    listed: 0,
    bytesRead: 0,
  };
  // Entries modified this close to the earlier scan may have changed again within the same tick.
  const trustedBeforeMs =
    previous === undefined ? Number.NEGATIVE_INFINITY : previous.scannedAtMs - RACY_MARGIN_MS;
  const realRoot = safeRealpath(root);
  /** Real paths of the trees walked: the root's, then each followed link's target. */
  const walkedTrees = [realRoot];

  /** The real folder a symbolic link leads to, when it is one to walk: not a loop, not walked yet. */
  const followableLink = (link: string, parentReal: string): string | undefined => {
    const stats = statSync(link, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isDirectory()) return undefined;
    const target = safeRealpath(link);
    // A link to its own folder or an ancestor is a loop; one into a walked tree adds nothing.
    if (isWithin(parentReal, target) || walkedTrees.some((tree) => isWithin(target, tree))) {
      return undefined;
    }
    walkedTrees.push(target);
    return target;
  };
  let limitReported = false;
  const depthLimited: string[] = [];

  const reuse = (relative: string, skillFile: string, realPath: string | undefined): boolean => {
    const known = previous?.skills.get(relative);
    if (
      known === undefined ||
      known.size === undefined ||
      known.mtimeMs === undefined ||
      known.skillFile !== skillFile ||
      known.realPath !== realPath ||
      !(known.mtimeMs < trustedBeforeMs)
    ) {
      return false;
    }
    const stats = statSync(skillFile, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isFile()) return false;
    if (stats.size !== known.size || stats.mtimeMs !== known.mtimeMs) return false;
    result.skills.set(relative, known);
    result.reused += 1;
    return true;
  };

  /**
   * Reads one skill file; false when it is not a regular file after all. `linked` says whether
   * the listing showed it as a symbolic link (undefined: unknown, so it is checked).
   */
  const read = (
    folder: string,
    relative: string,
    fileName: string,
    real: string,
    linked: boolean | undefined,
  ): boolean => {
    const skillFile = `${folder}${sep}${fileName}`;
    const realPath = real === folder ? undefined : real;
    const isLink = linked ?? lstatSync(skillFile, { throwIfNoEntry: false })?.isSymbolicLink();
    if (isLink === true) {
      // A skill file linked from outside its folder would be read from anywhere on the disk.
      const target = safeRealpath(skillFile);
      if (!isWithin(target, real)) {
        result.skills.set(relative, linkedOutside(folder, skillFile, realPath));
        return true;
      }
    }
    if (reuse(relative, skillFile, realPath)) return true;
    const folderName = basename(folder);
    let fd: number;
    try {
      fd = openSync(skillFile, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return false;
      result.skills.set(relative, unreadable(folder, skillFile, realPath, error));
      return true;
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) return false;
      const prefix = readSkillPrefix({ fd, size: stats.size, maxBytes: options.maxSkillFileBytes });
      result.bytesRead += prefix.bytesRead;
      result.parsed += 1;
      // The prefix is decoded leniently; a replacement character may stand for bytes that are not
      // UTF-8, so such a file is parsed from its bytes, as validation does (rare).
      const suspect = prefix.text.includes('\ufffd') && stats.size <= options.maxSkillFileBytes;
      const content = suspect ? readFileSync(skillFile) : prefix.text;
      const parsed = parseSkill(content, { profile: options.profile, folderName });
      const issues = [...parsed.issues];
      const fileNameIssue = checkSkillFileName(fileName, options.profile);
      if (fileNameIssue !== undefined) issues.push(fileNameIssue);
      let valid = parsed.valid && fileNameIssue?.severity !== 'error';
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
      const record = createSkillRecord({
        parsed: { ...parsed, valid, issues },
        path: folder,
        skillFile,
        folderName,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        ...(realPath === undefined ? {} : { realPath }),
      });
      // Keep the earlier object when nothing changed (a racy re-read): callers diff by identity.
      const earlier = previous?.skills.get(relative);
      const same = earlier !== undefined && isDeepStrictEqual(earlier, record);
      result.skills.set(relative, same ? earlier : record);
      return true;
    } catch (error) {
      result.skills.set(relative, unreadable(folder, skillFile, realPath, error));
      return true;
    } finally {
      closeSync(fd);
    }
  };

  /** The folder's listing, reused when unchanged; undefined when it is not a folder; throws when unreadable. */
  const list = (folder: string, relative: string): FolderListing | undefined => {
    const known = previous?.folders.get(relative);
    let stats: Stats | undefined;
    if (known !== undefined || options.recordFolders === true) {
      // Stat before listing: a change in between then shows as a newer mtime on the next scan.
      stats = statSync(folder);
      if (!stats.isDirectory()) return undefined;
      if (
        known !== undefined &&
        stats.mtimeMs === known.mtimeMs &&
        stats.ctimeMs === known.ctimeMs &&
        known.mtimeMs < trustedBeforeMs
      ) {
        result.folders.set(relative, known);
        return known;
      }
    }
    const listing = readListing(folder, stats);
    result.listed += 1;
    if (stats !== undefined) result.folders.set(relative, listing);
    return listing;
  };

  /** Visits `folder`, whose real path is `real` (the same string unless a link led here). */
  const visit = (folder: string, relative: string, depth: number, real: string): void => {
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
    let listing: FolderListing | undefined;
    try {
      listing = list(folder, relative);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      // A folder that cannot be listed may still let its skill file be opened.
      for (const fileName of SKILL_FILE_NAMES) {
        if (read(folder, relative, fileName, real, undefined)) break;
      }
      result.issues.push({
        code: 'unreadable_folder',
        severity: 'warning',
        message: `Cannot read folder ${folder}: ${(error as Error).message}`,
        path: folder,
      });
      return;
    }
    if (listing === undefined) return;
    // Only listed skill files are opened: a failed open costs more than the listing.
    for (const fileName of listing.skillFiles) {
      if (read(folder, relative, fileName, real, listing.links.includes(fileName))) break;
    }
    let children = listing.folders;
    let linkTargets: Map<string, string> | undefined;
    for (const name of listing.links) {
      const target = followableLink(`${folder}${sep}${name}`, real);
      if (target === undefined) continue;
      linkTargets ??= new Map();
      linkTargets.set(name, target);
    }
    if (linkTargets !== undefined) children = [...children, ...linkTargets.keys()].sort();
    if (children.length === 0) return;
    if (depth >= options.maxDepth) {
      depthLimited.push(folder);
      return;
    }
    const prefix = relative === '' ? '' : `${relative}/`;
    for (const name of children) {
      // Plain concatenation: `path.join` costs more than the stat it precedes.
      const child = `${folder}${sep}${name}`;
      let childReal = linkTargets?.get(name);
      if (childReal === undefined) {
        childReal = real === folder ? child : `${real}${sep}${name}`;
        // Inside a linked tree, a folder may be another walked tree (or the root): skip it.
        if (childReal !== child && walkedTrees.includes(childReal)) continue;
      }
      visit(child, `${prefix}${name}`, depth + 1, childReal);
    }
  };

  const start = options.start ?? root;
  const startRelative = start === root ? '' : start.slice(root.length + 1).replaceAll(sep, '/');
  const startReal = start === root ? realRoot : safeRealpath(start);
  visit(
    start,
    startRelative,
    startRelative === '' ? 0 : startRelative.split('/').length,
    startReal,
  );
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

/** Lists a folder once: its subfolders, symbolic links and skill files. */
function readListing(folder: string, stats: Stats | undefined): FolderListing {
  const entries = readdirSync(folder, { withFileTypes: true });
  const folders: string[] = [];
  let links: string[] | undefined;
  let skillFiles: string[] | undefined;
  for (const entry of entries) {
    const name = entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDER_NAMES.has(name)) folders.push(name);
    } else if (isSkillFileName(name)) {
      skillFiles ??= [];
      skillFiles.push(name);
      // A linked skill file is listed as a link too: it is read only when it stays in its folder.
      if (entry.isSymbolicLink()) {
        links ??= [];
        links.push(name);
      }
    } else if (entry.isSymbolicLink() && !SKIPPED_FOLDER_NAMES.has(name)) {
      links ??= [];
      links.push(name);
    }
  }
  return {
    mtimeMs: stats?.mtimeMs ?? Number.NaN,
    ctimeMs: stats?.ctimeMs ?? Number.NaN,
    folders: folders.length === 0 ? NO_NAMES : folders.sort(),
    links: links ?? NO_NAMES,
    skillFiles: skillFiles === undefined ? NO_NAMES : rankSkillFileNames(skillFiles),
  };
}

function linkedOutside(folder: string, skillFile: string, realPath: string | undefined) {
  return unreadableRecord(
    { folder, skillFile, realPath },
    `Not reading ${skillFile}: it is a symbolic link leading outside its skill folder; copy the file into the folder instead`,
  );
}

function unreadable(
  folder: string,
  skillFile: string,
  realPath: string | undefined,
  error: unknown,
): SkillRecord {
  return unreadableRecord(
    { folder, skillFile, realPath },
    `Cannot read ${skillFile}: ${(error as Error).message}`,
  );
}

/** An invalid skill whose `SKILL.md` could not be read, with the reason as its one issue. */
function unreadableRecord(
  where: { folder: string; skillFile: string; realPath: string | undefined },
  message: string,
): SkillRecord {
  const { folder, skillFile, realPath } = where;
  return createSkillRecord({
    parsed: { valid: false, issues: [createIssue('unreadable_skill_file', 'error', message)] },
    path: folder,
    skillFile,
    folderName: basename(folder),
    ...(realPath === undefined ? {} : { realPath }),
  });
}

/** True when `path` is `folder` or inside it. */
function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
