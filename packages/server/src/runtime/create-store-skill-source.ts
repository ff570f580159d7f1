import {
  normalizeSkillFilePath,
  type SkillFileInfo,
  type SkillRecord,
  type SkillSource,
  type SkillSourceListener,
  type SkillSourceSnapshot,
  SkillsetError,
} from '@skillset/core';
import type { Store, StoredSkill, StoredSkillScope } from '@skillset/store';
import type { SkillTextCache } from './skill-text-cache.ts';

/** Options for {@link createStoreSkillSource}. */
export interface StoreSkillSourceOptions {
  store: Store;
  /** The workspace whose skills (and whose view of builtin and public skills) this is. */
  workspaceId: string | null;
  /** The user whose personal skills are visible. */
  userId?: string;
  scope: StoredSkillScope;
  /** Lists the skills of this scope; default: the store's list filtered to the scope. */
  list?: () => Promise<readonly StoredSkill[]>;
  /** Shared cache of `SKILL.md` texts by skill id and version. */
  texts?: SkillTextCache;
}

/** A database-backed source: the stored skills of one scope as records, with the current version of each. */
export interface StoreSkillSource extends SkillSource {
  /** The stored skill behind a record's path, as of the last load. */
  storedSkill(path: string): StoredSkill | undefined;
}

interface Known {
  skill: StoredSkill;
  record: SkillRecord;
}

/** The virtual folder of a stored skill: `skill://<name>`, the prefix of its MCP resources. */
export function storedSkillPath(name: string): string {
  return `skill://${name}`;
}

function toRecord(skill: StoredSkill): SkillRecord {
  const path = storedSkillPath(skill.name);
  return {
    name: skill.name,
    description: skill.description,
    manifest: skill.manifest,
    valid: true,
    issues: [],
    path,
    skillFile: `${path}/SKILL.md`,
    mtimeMs: skill.updatedAt.getTime(),
  };
}

/**
 * Creates a skill source over the store for one scope of a workspace: frontmatter-level records
 * from the skill rows, bodies and files read on demand from the current version.
 */
export function createStoreSkillSource(options: StoreSkillSourceOptions): StoreSkillSource {
  const { store, workspaceId, userId, scope, texts } = options;
  const access = { workspaceId, ...(userId === undefined ? {} : { userId }) };
  const id = `store:${scope}`;
  const listeners = new Set<SkillSourceListener>();
  let known = new Map<string, Known>();
  let loaded: Promise<SkillSourceSnapshot> | undefined;
  // Versions are immutable, so a version's file list never changes.
  const fileLists = new Map<string, Promise<SkillFileInfo[]>>();

  const list =
    options.list ??
    (async () => (await store.skills.list({ ...access, scope, limit: 10_000 })).items);

  const read = async (): Promise<SkillSourceSnapshot> => {
    const next = new Map<string, Known>();
    for (const skill of await list()) {
      if (skill.scope !== scope) continue;
      const path = storedSkillPath(skill.name);
      const previous = known.get(path);
      const same =
        previous !== undefined &&
        previous.skill.id === skill.id &&
        previous.skill.currentVersion === skill.currentVersion &&
        // A switch is a change too: watchers (MCP list_changed) hear of it.
        previous.skill.enabled === skill.enabled;
      next.set(
        path,
        same ? { skill, record: previous.record } : { skill, record: toRecord(skill) },
      );
    }
    known = next;
    return { skills: [...next.values()].map((entry) => entry.record), issues: [] };
  };

  const find = (path: string): StoredSkill => {
    const entry = known.get(path);
    if (entry === undefined) {
      throw new SkillsetError({
        code: 'skill_not_found',
        message: `No skill at ${JSON.stringify(path)} in source ${id}.`,
        details: { sourceId: id, path },
      });
    }
    return entry.skill;
  };

  return {
    id,
    scope,
    location: workspaceId === null ? 'database' : `database:${workspaceId}`,
    load() {
      loaded ??= read();
      return loaded;
    },
    async refresh() {
      await this.load();
      loaded = read();
      return loaded;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    storedSkill: (path) => known.get(path)?.skill,
    async readSkillText(path) {
      const skill = find(path);
      const cached = texts?.get(skill.id, skill.currentVersion);
      if (cached !== undefined) return cached;
      const version = await store.skills.getVersion({
        ...access,
        id: skill.id,
        version: skill.currentVersion,
      });
      if (version === undefined) {
        throw new SkillsetError({
          code: 'skill_not_found',
          message: `Skill ${JSON.stringify(skill.name)} no longer exists.`,
          details: { name: skill.name },
        });
      }
      texts?.set(skill.id, skill.currentVersion, version.skillMd);
      return version.skillMd;
    },
    listFiles(path): Promise<SkillFileInfo[]> {
      const skill = find(path);
      const key = `${skill.id}@${skill.currentVersion}`;
      let files = fileLists.get(key);
      if (files === undefined) {
        files = store.skills
          .listFiles({ ...access, id: skill.id, version: skill.currentVersion })
          .then((listed) =>
            (listed ?? [])
              .map((file) => ({ path: file.path, size: file.size }))
              .sort((left, right) =>
                left.path < right.path ? -1 : left.path > right.path ? 1 : 0,
              ),
          );
        files.catch(() => fileLists.delete(key));
        if (fileLists.size >= 10_000) fileLists.clear();
        fileLists.set(key, files);
      }
      return files.then((list) => [...list]);
    },
    async readFile(path, relativePath) {
      const skill = find(path);
      const normalized = normalizeSkillFilePath(relativePath);
      const file = await store.skills.getFile({
        ...access,
        id: skill.id,
        version: skill.currentVersion,
        path: normalized,
      });
      if (file === undefined) {
        throw new SkillsetError({
          code: 'skill_file_not_found',
          message: `Skill ${JSON.stringify(skill.name)} has no file ${JSON.stringify(normalized)}.`,
          details: { skill: skill.name, path: normalized },
        });
      }
      return file.content;
    },
    async close() {
      listeners.clear();
    },
  };
}
