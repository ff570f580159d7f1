import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { SkillsetError } from '../errors/skillset-error.ts';
import { DEFAULT_SKILL_LIMITS } from '../format/skill-limits.ts';
import type { SkillScope } from '../skill/skill-scope.ts';
import type {
  SkillRecord,
  SkillSource,
  SkillSourceChange,
  SkillSourceIssue,
  SkillSourceListener,
  SkillSourceSnapshot,
} from '../source/skill-source.ts';
import { checkSourceRoot } from './check-source-root.ts';
import { diffSkillMaps } from './diff-skill-maps.ts';
import { findSkillFolderLinks } from './find-skill-folder-links.ts';
import {
  defaultCacheDir,
  type IndexCacheKey,
  type IndexCacheStatus,
  indexCacheFile,
  loadIndexCache,
  saveIndexCache,
} from './index-cache.ts';
import { type FolderListing, type SkillTreeIndex, scanSkillTree } from './scan-skill-tree.ts';
import { listSkillFolderFiles, readSkillFolderFile } from './skill-folder-files.ts';
import type { SkillTreeWatcher } from './watch-skill-tree.ts';

/** Options for {@link createFolderSource}. */
export interface FolderSourceOptions {
  /** The folder to search; skills are `<root>/<name>/SKILL.md`, nested ones too, or the root itself. */
  root: string;
  scope: SkillScope;
  /** Defaults to `<scope>:<absolute root>`. */
  id?: string;
  profile?: 'strict' | 'default';
  /** Deepest skill folder, in folders below the root (default 6). */
  maxDepth?: number;
  /** Most skills discovered (default 20,000). */
  maxSkills?: number;
  /** Largest `SKILL.md` accepted (default 1 MiB). */
  maxSkillFileBytes?: number;
  /** Most files `listFiles` returns (default 10,000). */
  maxFiles?: number;
  /** Where the index cache lives; `false` turns it off; defaults to {@link defaultCacheDir}. */
  cacheDir?: string | false;
  /** The root must exist: a missing root is an error (a folder the user named), not a warning. */
  required?: boolean;
  /** Watch the folder and report changes (default false). */
  watch?: boolean;
  /** How long the watcher collects events before handling them, in milliseconds (default 25). */
  debounceMs?: number;
}

/** How the last scan went: whether the index cache was used and how much was read. */
export interface FolderScanInfo {
  cache: IndexCacheStatus | 'disabled';
  /** Skill files opened and parsed. */
  parsed: number;
  /** Skills reused from the index cache or memory after a stat, without reading the file. */
  reused: number;
  /** Folders listed with `readdir`; the others were reused from the index cache or memory after a stat. */
  listed: number;
  /** Bytes read from skill files. */
  bytesRead: number;
  durationMs: number;
}

/** A skill source backed by a folder tree. */
export interface FolderSkillSource extends SkillSource {
  /** The absolute root folder. */
  readonly root: string;
  /** Details of the last full scan, once one has run. */
  lastScan(): FolderScanInfo | undefined;
}

/** Creates a source that discovers skills in a folder tree, reading only frontmatter at scan time. */
export function createFolderSource(options: FolderSourceOptions): FolderSkillSource {
  const root = resolve(options.root);
  const id = options.id ?? `${options.scope}:${root}`;
  const profile = options.profile ?? 'default';
  const maxDepth = options.maxDepth ?? 6;
  const maxSkills = options.maxSkills ?? 20_000;
  const maxSkillFileBytes = options.maxSkillFileBytes ?? DEFAULT_SKILL_LIMITS.maxSkillFileBytes;
  const cacheKey: IndexCacheKey = { root, profile };
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const cacheFile = cacheDir === false ? undefined : indexCacheFile(cacheDir, cacheKey);
  const listeners = new Set<SkillSourceListener>();
  let skills = new Map<string, SkillRecord>();
  let folders = new Map<string, FolderListing>();
  /** When the oldest scan whose entries are in `skills` and `folders` started. */
  let scannedAtMs = 0;
  let byPath = new Map<string, SkillRecord>();
  let issues: SkillSourceIssue[] = [];
  let scanInfo: FolderScanInfo | undefined;
  let loading: Promise<SkillSourceSnapshot> | undefined;
  let watcher: SkillTreeWatcher | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  // Folder listings are worth a stat per folder only when a later scan can reuse them.
  const recordFolders = cacheFile !== undefined || options.watch === true;
  const scanOptions = { root, maxDepth, maxSkills, profile, maxSkillFileBytes, recordFolders };
  const snapshot = (): SkillSourceSnapshot => ({ skills: [...skills.values()], issues });

  const currentIndex = (): SkillTreeIndex => ({ skills, folders, scannedAtMs });

  const setSkills = (next: Map<string, SkillRecord>): void => {
    skills = next;
    byPath = new Map([...next.values()].map((record) => [record.path, record]));
  };

  const emit = (changes: SkillSourceChange[]): void => {
    for (const change of changes) for (const listener of listeners) listener(change);
  };

  const saveCache = (): void => {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (cacheFile === undefined) return;
    try {
      saveIndexCache(cacheFile, cacheKey, skills, { folders, scannedAtMs });
    } catch (error) {
      issues = [
        ...issues.filter((issue) => issue.code !== 'index_cache_write_failed'),
        {
          code: 'index_cache_write_failed',
          severity: 'warning',
          message: `Cannot write the index cache ${cacheFile}: ${(error as Error).message}`,
          path: cacheFile,
        },
      ];
    }
  };

  const scheduleSave = (): void => {
    if (cacheFile === undefined || saveTimer !== undefined) return;
    saveTimer = setTimeout(saveCache, 1000);
    saveTimer.unref();
  };

  const rootIssues = (): SkillSourceIssue[] | undefined =>
    checkSourceRoot(root, options.required === true);

  /** Scans the whole tree, reusing `previous` (memory) or the index cache; returns the changes. */
  const scanAll = (previous: SkillTreeIndex | undefined): SkillSourceChange[] => {
    const started = performance.now();
    const problem = rootIssues();
    if (problem !== undefined) {
      const removed = [...skills.values()].map((skill) => ({ type: 'removed' as const, skill }));
      setSkills(new Map());
      folders = new Map();
      issues = problem;
      scanInfo = {
        cache: 'disabled',
        parsed: 0,
        reused: 0,
        listed: 0,
        bytesRead: 0,
        durationMs: 0,
      };
      return removed;
    }
    let cache: FolderScanInfo['cache'] = 'disabled';
    let reusable = previous;
    if (reusable === undefined && cacheFile !== undefined) {
      const loaded = loadIndexCache(cacheFile, cacheKey);
      cache = loaded.status;
      reusable = loaded;
    }
    const result = scanSkillTree({ ...scanOptions, ...(reusable ? { previous: reusable } : {}) });
    const changes = diffSkillMaps(skills, result.skills, '');
    // Nothing read means every entry was reused; a racy entry is always read again.
    const unchanged =
      result.parsed === 0 &&
      result.listed === 0 &&
      result.skills.size === reusable?.skills.size &&
      result.folders.size === reusable.folders.size;
    setSkills(result.skills);
    folders = result.folders;
    scannedAtMs = result.scannedAtMs;
    issues = result.issues;
    scanInfo = {
      cache,
      parsed: result.parsed,
      reused: result.reused,
      listed: result.listed,
      bytesRead: result.bytesRead,
      durationMs: performance.now() - started,
    };
    if (!unchanged) saveCache();
    return changes;
  };

  const rescanFolders = (changedFolders: Set<string>): void => {
    if (closed) return;
    const changes: SkillSourceChange[] = [];
    let listingsChanged = false;
    const ordered = [...changedFolders].sort((a, b) => a.length - b.length);
    for (const folder of ordered) {
      if (folder !== root && !folder.startsWith(`${root}${sep}`)) continue;
      const relative = folder === root ? '' : folder.slice(root.length + 1).replaceAll('\\', '/');
      const segments = relative === '' ? [] : relative.split('/');
      if (segments.length > maxDepth) continue;
      if (segments.includes('node_modules') || segments.includes('.git')) continue;
      if (relative === '') {
        changes.push(...scanAll(currentIndex()));
        continue;
      }
      const under = (key: string): boolean => key === relative || key.startsWith(`${relative}/`);
      let outside = 0;
      for (const key of skills.keys()) if (!under(key)) outside += 1;
      const result = scanSkillTree({
        ...scanOptions,
        start: folder,
        maxSkills: Math.max(0, maxSkills - outside),
        previous: currentIndex(),
      });
      // Listings below `folder` are replaced; the parent's listing stays and is stale only by mtime.
      for (const key of folders.keys()) if (under(key)) folders.delete(key);
      for (const [key, listing] of result.folders) folders.set(key, listing);
      if (result.listed > 0) listingsChanged = true;
      const before = new Map([...skills].filter(([key]) => under(key)));
      const folderChanges = diffSkillMaps(before, result.skills, relative);
      if (folderChanges.length === 0) continue;
      const next = new Map([...skills].filter(([key]) => !under(key)));
      for (const [key, record] of result.skills) next.set(key, record);
      setSkills(next);
      changes.push(...folderChanges);
    }
    if (changes.length > 0 || listingsChanged) scheduleSave();
    if (changes.length > 0) emit(changes);
  };

  const load = (): Promise<SkillSourceSnapshot> => {
    loading ??= (async () => {
      scanAll(undefined);
      if (options.watch === true && !closed && rootIssues() === undefined) {
        // chokidar is loaded only by sources that watch; one-shot commands never need it.
        const { watchSkillTree } = await import('./watch-skill-tree.ts');
        if (closed) return snapshot();
        watcher = watchSkillTree({
          root,
          maxDepth,
          debounceMs: options.debounceMs ?? 25,
          onChange: rescanFolders,
        });
        await watcher.ready;
      }
      return snapshot();
    })();
    return loading;
  };

  const recordAt = (skillPath: string): SkillRecord => {
    const record = byPath.get(skillPath) ?? byPath.get(resolve(skillPath));
    if (record === undefined) {
      throw new SkillsetError({
        code: 'skill_not_found',
        message: `No skill at ${JSON.stringify(skillPath)} in source ${id}.`,
        details: { sourceId: id, path: skillPath },
      });
    }
    return record;
  };

  const readSkillBytes = async (skillPath: string): Promise<Buffer> => {
    const record = recordAt(skillPath);
    try {
      return await readFile(record.skillFile);
    } catch (error) {
      throw new SkillsetError({
        code: 'skill_file_unreadable',
        message: `Cannot read ${record.skillFile}: ${(error as Error).message}`,
        details: { sourceId: id, path: record.skillFile },
        cause: error,
      });
    }
  };

  return {
    id,
    scope: options.scope,
    location: root,
    root,
    lastScan: () => scanInfo,
    load,
    async refresh() {
      await load();
      emit(scanAll(currentIndex()));
      return snapshot();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async readSkillText(skillPath) {
      return (await readSkillBytes(skillPath)).toString('utf8');
    },
    readSkillBytes,
    async listFiles(skillPath) {
      const record = recordAt(skillPath);
      return listSkillFolderFiles(record.path, {
        ...(options.maxFiles === undefined ? {} : { maxFiles: options.maxFiles }),
      });
    },
    async readFile(skillPath, relativePath) {
      return readSkillFolderFile(recordAt(skillPath).path, relativePath);
    },
    async listLinks(skillPath) {
      return findSkillFolderLinks(recordAt(skillPath).path);
    },
    async close() {
      closed = true;
      listeners.clear();
      if (saveTimer !== undefined) saveCache();
      await watcher?.close();
      watcher = undefined;
    },
  };
}
