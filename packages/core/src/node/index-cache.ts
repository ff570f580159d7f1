import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, sep } from 'node:path';
import type { SkillRecord } from '../source/skill-source.ts';

/** The index cache's format version; bump it whenever the parser's output or this format changes. */
export const INDEX_CACHE_VERSION = 1;

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
interface CachedSkill extends Omit<SkillRecord, 'path' | 'skillFile' | 'name' | 'description'> {
  name?: string;
  description?: string;
  dir: string;
  file: string;
  size: number;
  mtimeMs: number;
}

interface IndexCacheDocument extends IndexCacheKey {
  version: number;
  skills: CachedSkill[];
}

/** Why a cache was or was not used. */
export type IndexCacheStatus = 'hit' | 'missing' | 'invalid';

/** The outcome of {@link loadIndexCache}. */
export interface LoadIndexCacheResult {
  status: IndexCacheStatus;
  /** Cached skills by folder path relative to the root; empty unless `status` is `hit`. */
  skills: Map<string, SkillRecord>;
}

/** Reads an index cache; a missing, corrupt or mismatched (version, root, profile) cache gives no skills. */
export function loadIndexCache(file: string, key: IndexCacheKey): LoadIndexCacheResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { status: 'missing', skills: new Map() };
  }
  const skills = new Map<string, SkillRecord>();
  try {
    const document = JSON.parse(text) as Partial<IndexCacheDocument>;
    if (
      document.version !== INDEX_CACHE_VERSION ||
      document.root !== key.root ||
      document.profile !== key.profile ||
      !Array.isArray(document.skills)
    ) {
      return { status: 'invalid', skills: new Map() };
    }
    for (const cached of document.skills) {
      if (!isCachedSkill(cached)) return { status: 'invalid', skills: new Map() };
      const { dir, file: fileName, name, description, ...rest } = cached;
      const local = sep === '/' ? dir : dir.replaceAll('/', sep);
      // Plain concatenation: `path.join` costs more than the stat that follows.
      const path = dir === '' ? key.root : `${key.root}${sep}${local}`;
      skills.set(dir, {
        name: name ?? cached.manifest?.name ?? basename(path),
        description: description ?? cached.manifest?.description ?? '',
        ...rest,
        path,
        skillFile: `${path}${sep}${fileName}`,
      });
    }
  } catch {
    return { status: 'invalid', skills: new Map() };
  }
  return { status: 'hit', skills };
}

/** Writes an index cache atomically (a temporary file renamed over the old one). */
export function saveIndexCache(
  file: string,
  key: IndexCacheKey,
  skills: ReadonlyMap<string, SkillRecord>,
): void {
  const cached: CachedSkill[] = [];
  for (const [dir, record] of skills) {
    if (record.size === undefined || record.mtimeMs === undefined) continue;
    const { path: _path, skillFile, name, description, ...rest } = record;
    const entry: CachedSkill = {
      ...rest,
      dir,
      file: basename(skillFile),
      size: record.size,
      mtimeMs: record.mtimeMs,
    };
    // Name and description are stored once, in the manifest, when there is one.
    if (record.manifest === undefined) Object.assign(entry, { name, description });
    cached.push(entry);
  }
  const document: IndexCacheDocument = { version: INDEX_CACHE_VERSION, ...key, skills: cached };
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
    Array.isArray(cached.issues)
  );
}
