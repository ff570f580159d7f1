import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, sep } from 'node:path';
import { isSkillFileName } from '../format/rank-skill-file-names.ts';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillRecord } from '../source/skill-source.ts';
import type { FolderListing } from './scan-skill-tree.ts';

/** The index cache's format version; bump it whenever the parser's output or this format changes. */
export const INDEX_CACHE_VERSION = 5;

/** Options for {@link defaultCacheDir}. */
export interface DefaultCacheDirOptions {
  env?: Record<string, string | undefined>;
  home?: string;
}

/** The folder for Skillset's caches: `$XDG_CACHE_HOME/skillset`, else `~/.cache/skillset`. */
export function defaultCacheDir(options: DefaultCacheDirOptions = {}): string {
  const env = options.env ?? process.env;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg !== '') return join(xdg, 'skillset');
  return join(options.home ?? homedir(), '.cache', 'skillset');
}

/** What an index cache belongs to; a cache written for other values is ignored. */
export interface IndexCacheKey {
  root: string;
  profile: 'strict' | 'default';
}

/** The cache file of one source root inside `cacheDir`, named by a hash of the root and profile. */
export function indexCacheFile(cacheDir: string, key: IndexCacheKey): string {
  const hash = createHash('sha256').update(`${key.profile}\0${key.root}`).digest('hex');
  return join(cacheDir, `index-${hash.slice(0, 24)}.json`);
}

/** One cached skill: where its `SKILL.md` is, its size and mtime, and what parsing it gave. */
interface CachedSkill
  extends Omit<SkillRecord, 'path' | 'skillFile' | 'name' | 'description' | 'manifest' | 'issues'> {
  name?: string;
  description?: string;
  /** The manifest without the fields that hold their default value. */
  manifest?: Partial<SkillManifest>;
  /** Left out when empty. */
  issues?: SkillIssue[];
  dir: string;
  file: string;
  size: number;
  mtimeMs: number;
}

/** One cached folder listing; empty name lists are left out. */
interface CachedFolder {
  dir: string;
  mtimeMs: number;
  ctimeMs: number;
  folders?: readonly string[];
  links?: readonly string[];
  skillFiles?: readonly string[];
}

interface IndexCacheDocument extends IndexCacheKey {
  version: number;
  /** When the scan that checked these entries started; entries modified near it are checked again. */
  scannedAtMs: number;
  skills: CachedSkill[];
  folders: CachedFolder[];
}

/** Why a cache was or was not used. */
export type IndexCacheStatus = 'hit' | 'missing' | 'invalid';

/** The outcome of {@link loadIndexCache}. */
export interface LoadIndexCacheResult {
  status: IndexCacheStatus;
  /** Cached skills by folder path relative to the root; empty unless `status` is `hit`. */
  skills: Map<string, SkillRecord>;
  /** Cached folder listings by folder path relative to the root; empty unless `status` is `hit`. */
  folders: Map<string, FolderListing>;
  /** When the scan that checked the cached entries started (ms since the epoch); 0 without a hit. */
  scannedAtMs: number;
}

const NO_NAMES: readonly string[] = [];

/** Options for {@link saveIndexCache}. */
export interface SaveIndexCacheOptions {
  /** Folder listings by folder path relative to the root. */
  folders?: ReadonlyMap<string, FolderListing>;
  /**
   * When the scan that checked the entries started; entries modified near it are checked again
   * on the next load. Defaults to 0, which has every entry checked again.
   */
  scannedAtMs?: number;
}

/** Reads an index cache; a missing, corrupt or mismatched (version, root, profile) cache gives no skills. */
export function loadIndexCache(file: string, key: IndexCacheKey): LoadIndexCacheResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return unusableCache('missing');
  }
  const skills = new Map<string, SkillRecord>();
  const folders = new Map<string, FolderListing>();
  try {
    const document = JSON.parse(text) as Partial<IndexCacheDocument>;
    if (
      document.version !== INDEX_CACHE_VERSION ||
      document.root !== key.root ||
      document.profile !== key.profile ||
      typeof document.scannedAtMs !== 'number' ||
      !Array.isArray(document.skills) ||
      !Array.isArray(document.folders)
    ) {
      return unusableCache('invalid');
    }
    for (const cached of document.skills) {
      if (!isCachedSkill(cached)) return unusableCache('invalid');
      const { dir, file: fileName, name, description, manifest, issues, ...rest } = cached;
      const local = sep === '/' ? dir : dir.replaceAll('/', sep);
      // Plain concatenation: `path.join` costs more than the stat that follows.
      const path = dir === '' ? key.root : `${key.root}${sep}${local}`;
      const record: SkillRecord = {
        name: name ?? manifest?.name ?? basename(path),
        description: description ?? manifest?.description ?? '',
        ...rest,
        issues: issues ?? [],
        path,
        skillFile: `${path}${sep}${fileName}`,
      };
      if (manifest !== undefined) record.manifest = expandManifest(manifest);
      skills.set(dir, record);
    }
    for (const cached of document.folders) {
      if (!isCachedFolder(cached)) return unusableCache('invalid');
      // Completed in place rather than copied: there is one per folder of the tree.
      cached.folders ??= NO_NAMES;
      cached.links ??= NO_NAMES;
      cached.skillFiles ??= NO_NAMES;
      folders.set(cached.dir, cached as Required<CachedFolder>);
    }
    return { status: 'hit', skills, folders, scannedAtMs: document.scannedAtMs };
  } catch {
    return unusableCache('invalid');
  }
}

function unusableCache(status: 'missing' | 'invalid'): LoadIndexCacheResult {
  return { status, skills: new Map(), folders: new Map(), scannedAtMs: 0 };
}

/** Writes an index cache atomically (a temporary file renamed over the old one). */
export function saveIndexCache(
  file: string,
  key: IndexCacheKey,
  skills: ReadonlyMap<string, SkillRecord>,
  options: SaveIndexCacheOptions = {},
): void {
  const cached: CachedSkill[] = [];
  for (const [dir, record] of skills) {
    if (record.size === undefined || record.mtimeMs === undefined) continue;
    const { path: _path, skillFile, name, description, manifest, issues, ...rest } = record;
    const entry: CachedSkill = {
      ...rest,
      ...(manifest === undefined ? {} : { manifest: compactManifest(manifest) }),
      ...(issues.length === 0 ? {} : { issues }),
      dir,
      file: basename(skillFile),
      size: record.size,
      mtimeMs: record.mtimeMs,
    };
    // Name and description are stored once, in the manifest, when there is one.
    if (manifest === undefined) Object.assign(entry, { name, description });
    cached.push(entry);
  }
  const folders: CachedFolder[] = [];
  for (const [dir, listing] of options.folders ?? []) {
    if (Number.isNaN(listing.mtimeMs) || Number.isNaN(listing.ctimeMs)) continue;
    const entry: CachedFolder = { dir, mtimeMs: listing.mtimeMs, ctimeMs: listing.ctimeMs };
    if (listing.folders.length > 0) entry.folders = listing.folders;
    if (listing.links.length > 0) entry.links = listing.links;
    if (listing.skillFiles.length > 0) entry.skillFiles = listing.skillFiles;
    folders.push(entry);
  }
  const document: IndexCacheDocument = {
    version: INDEX_CACHE_VERSION,
    ...key,
    scannedAtMs: options.scannedAtMs ?? 0,
    skills: cached,
    folders,
  };
  const folder = join(file, '..');
  mkdirSync(folder, { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(document));
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function isCachedSkill(value: unknown): value is CachedSkill {
  if (typeof value !== 'object' || value === null) return false;
  const cached = value as Record<string, unknown>;
  return (
    typeof cached.dir === 'string' &&
    typeof cached.file === 'string' &&
    typeof cached.size === 'number' &&
    typeof cached.mtimeMs === 'number' &&
    (typeof cached.name === 'string' || typeof cached.manifest === 'object') &&
    typeof cached.valid === 'boolean' &&
    (cached.issues === undefined || Array.isArray(cached.issues)) &&
    (cached.realPath === undefined || typeof cached.realPath === 'string')
  );
}

function isCachedFolder(value: unknown): value is CachedFolder {
  if (typeof value !== 'object' || value === null) return false;
  const cached = value as Record<string, unknown>;
  return (
    typeof cached.dir === 'string' &&
    typeof cached.mtimeMs === 'number' &&
    typeof cached.ctimeMs === 'number' &&
    isNameList(cached.folders) &&
    isNameList(cached.links) &&
    isNameList(cached.skillFiles) &&
    (cached.skillFiles === undefined ||
      (cached.skillFiles as string[]).every((name) => isSkillFileName(name)))
  );
}

/** True for an absent list or a list of plain entry names (no separators, `.` or `..`). */
function isNameList(value: unknown): boolean {
  if (value === undefined) return true;
  if (!Array.isArray(value)) return false;
  for (const name of value) {
    if (typeof name !== 'string' || name === '' || name === '.' || name === '..') return false;
    if (name.includes('/') || name.includes(sep)) return false;
  }
  return true;
}

const DEFAULT_MANIFEST = createManifest({ name: '', description: '' });

/** Drops the manifest fields that hold their default value, which most skills leave alone. */
function compactManifest(manifest: SkillManifest): Partial<SkillManifest> {
  const compact: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(manifest)) {
    const fallback = DEFAULT_MANIFEST[field as keyof SkillManifest];
    const empty = Array.isArray(value)
      ? value.length === 0
      : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
    if (value !== fallback && !(empty && fallback !== undefined)) compact[field] = value;
  }
  return compact as Partial<SkillManifest>;
}

function expandManifest(compact: Partial<SkillManifest>): SkillManifest {
  return createManifest({ name: '', description: '', ...compact });
}
