import { SkillsetError } from '../errors/skillset-error.ts';
import { parseSkill } from '../format/parse-skill.ts';
import type {
  SkillFileInfo,
  SkillRecord,
  SkillSource,
  SkillSourceChange,
} from '../source/skill-source.ts';
import { type RankableRecord, rankSkillEntries } from './rank-skill-entries.ts';
import type {
  ListSkillsOptions,
  LoadedSkill,
  SkillEntry,
  SkillRegistryChange,
  SkillRegistryIssue,
} from './skill-entry.ts';

/** Options for {@link createRegistry}. */
export interface RegistryOptions {
  /** The sources, in precedence order within a scope: an earlier source wins over a later one. */
  sources: readonly SkillSource[];
  /** The validation profile `loadSkill` parses with; defaults to `default`. */
  profile?: 'strict' | 'default';
}

// Shows bytes that are not UTF-8 as U+FFFD in `LoadedSkill.text`; the parser reports them.
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Receives the registry's change events. */
export type SkillRegistryListener = (change: SkillRegistryChange) => void;

/** Skills from several sources, with precedence and shadowing applied (DESIGN.md §4). */
export interface SkillRegistry {
  readonly sources: readonly SkillSource[];
  /** Loads every source once; the other methods call it, so calling it is optional. */
  load(): Promise<void>;
  /** The winning entry of each name, sorted by name; with `includeShadowed`, the shadowed ones too. */
  list(options?: ListSkillsOptions): Promise<SkillEntry[]>;
  /** The winning entry for `name` (case-insensitive), valid or not. */
  get(name: string): Promise<SkillEntry | undefined>;
  /** The skill `name` means here: the winning entry when it is valid, else undefined. */
  resolve(name: string): Promise<SkillEntry | undefined>;
  /** Issues of the sources themselves (missing roots, bounds reached, unreadable folders). */
  issues(): Promise<SkillRegistryIssue[]>;
  /** Reads and parses the whole `SKILL.md` of a skill; throws `skill_not_found` for an unknown name. */
  loadSkill(skill: string | SkillEntry): Promise<LoadedSkill>;
  /** Reads the body (the Markdown after the frontmatter) of a skill. */
  readBody(skill: string | SkillEntry): Promise<string>;
  /** Lists the files of a skill's package. */
  listFiles(skill: string | SkillEntry): Promise<SkillFileInfo[]>;
  /** Reads one file of a skill's package, confined to the skill folder. */
  readFile(skill: string | SkillEntry, relativePath: string): Promise<Uint8Array>;
  /** The symbolic links inside a skill's folder (relative paths); none for sources without folders. */
  listLinks(skill: string | SkillEntry): Promise<string[]>;
  /** Registers a change listener; returns a function that removes it. */
  on(event: 'change', listener: SkillRegistryListener): () => void;
  /** Rediscovers every source and reports the differences as change events. */
  refresh(): Promise<void>;
  /** Closes every source and drops the listeners. */
  close(): Promise<void>;
}

/** Creates a registry over `sources`; a higher scope shadows a lower one of the same name. */
export function createRegistry(options: RegistryOptions): SkillRegistry {
  const sources = [...options.sources];
  const sourceIndex = new Map<string, number>();
  sources.forEach((source, index) => {
    if (sourceIndex.has(source.id)) {
      throw new SkillsetError({
        code: 'duplicate_source',
        message: `Two sources share the id ${JSON.stringify(source.id)}.`,
        details: { sourceId: source.id },
      });
    }
    sourceIndex.set(source.id, index);
  });
  const records = new Map<string, Map<string, SkillRecord>>();
  const byKey = new Map<string, Map<string, RankableRecord>>();
  const groups = new Map<string, SkillEntry[]>();
  const sourceIssues = new Map<string, SkillRegistryIssue[]>();
  const listeners = new Set<SkillRegistryListener>();
  const unsubscribes: Array<() => void> = [];
  let sortedKeys: string[] | undefined;
  let loading: Promise<void> | undefined;
  let closed = false;

  const keyOf = (name: string): string => name.toLowerCase();
  const memberKey = (sourceId: string, path: string): string => `${sourceId}\0${path}`;

  const rebuildGroup = (key: string): void => {
    const members = byKey.get(key);
    if (members === undefined || members.size === 0) {
      byKey.delete(key);
      groups.delete(key);
    } else {
      groups.set(key, rankSkillEntries([...members.values()]));
    }
    sortedKeys = undefined;
  };

  const put = (source: SkillSource, record: SkillRecord): string | undefined => {
    const sourceRecords = records.get(source.id) ?? new Map<string, SkillRecord>();
    records.set(source.id, sourceRecords);
    const previous = sourceRecords.get(record.path);
    sourceRecords.set(record.path, record);
    const previousKey = previous === undefined ? undefined : keyOf(previous.name);
    if (previousKey !== undefined)
      byKey.get(previousKey)?.delete(memberKey(source.id, record.path));
    const key = keyOf(record.name);
    const members = byKey.get(key) ?? new Map<string, RankableRecord>();
    byKey.set(key, members);
    members.set(memberKey(source.id, record.path), {
      record,
      sourceId: source.id,
      sourceIndex: sourceIndex.get(source.id) ?? 0,
      scope: source.scope,
    });
    return previousKey;
  };

  const drop = (source: SkillSource, path: string): SkillRecord | undefined => {
    const previous = records.get(source.id)?.get(path);
    if (previous === undefined) return undefined;
    records.get(source.id)?.delete(path);
    byKey.get(keyOf(previous.name))?.delete(memberKey(source.id, path));
    return previous;
  };

  const emit = (source: SkillSource, change: SkillSourceChange): void => {
    const event: SkillRegistryChange = {
      type: change.type,
      name: change.skill.name,
      scope: source.scope,
      sourceId: source.id,
      path: change.skill.path,
    };
    for (const listener of listeners) listener(event);
  };

  const apply = (source: SkillSource, change: SkillSourceChange): void => {
    if (change.type === 'removed') {
      const previous = drop(source, change.skill.path);
      if (previous === undefined) return;
      rebuildGroup(keyOf(previous.name));
      emit(source, { type: 'removed', skill: previous });
      return;
    }
    const known = records.get(source.id)?.get(change.skill.path);
    if (known === change.skill) return;
    const previousKey = put(source, change.skill);
    if (previousKey !== undefined && previousKey !== keyOf(change.skill.name)) {
      rebuildGroup(previousKey);
    }
    rebuildGroup(keyOf(change.skill.name));
    emit(source, { type: known === undefined ? 'added' : 'changed', skill: change.skill });
  };

  const reconcile = (source: SkillSource, skills: readonly SkillRecord[]): void => {
    const seen = new Set<string>();
    for (const skill of skills) {
      seen.add(skill.path);
      apply(source, { type: 'added', skill });
    }
    for (const [path, skill] of records.get(source.id) ?? []) {
      if (!seen.has(path)) apply(source, { type: 'removed', skill });
    }
  };

  const load = (): Promise<void> => {
    if (closed) {
      return Promise.reject(
        new SkillsetError({ code: 'registry_closed', message: 'The registry is closed.' }),
      );
    }
    loading ??= (async () => {
      const snapshots = await Promise.all(sources.map((source) => source.load()));
      sources.forEach((source, index) => {
        const snapshot = snapshots[index];
        if (snapshot === undefined) return;
        for (const skill of snapshot.skills) put(source, skill);
        sourceIssues.set(
          source.id,
          snapshot.issues.map((issue) => ({ ...issue, sourceId: source.id })),
        );
        unsubscribes.push(source.subscribe((change) => apply(source, change)));
      });
      for (const key of byKey.keys()) rebuildGroup(key);
    })();
    return loading;
  };

  const keys = (): string[] => {
    sortedKeys ??= [...groups.keys()].sort();
    return sortedKeys;
  };

  const entryOf = async (skill: string | SkillEntry): Promise<SkillEntry> => {
    if (typeof skill !== 'string') return skill;
    await load();
    const entry = groups.get(keyOf(skill))?.[0];
    if (entry === undefined) {
      throw new SkillsetError({
        code: 'skill_not_found',
        message: `No skill named ${JSON.stringify(skill)}.`,
        details: { name: skill },
      });
    }
    return entry;
  };

  const sourceOf = (entry: SkillEntry): SkillSource => {
    const index = sourceIndex.get(entry.sourceId);
    const source = index === undefined ? undefined : sources[index];
    if (source === undefined) {
      throw new SkillsetError({
        code: 'source_not_found',
        message: `No source ${JSON.stringify(entry.sourceId)} in this registry.`,
        details: { sourceId: entry.sourceId },
      });
    }
    return source;
  };

  const loadSkill = async (skill: string | SkillEntry): Promise<LoadedSkill> => {
    const entry = await entryOf(skill);
    const source = sourceOf(entry);
    const content =
      source.readSkillBytes === undefined
        ? await source.readSkillText(entry.path)
        : await source.readSkillBytes(entry.path);
    const text = typeof content === 'string' ? content : lenientUtf8.decode(content);
    const folderName = entry.path.split(/[\\/]/).filter(Boolean).at(-1);
    const parsed = parseSkill(content, {
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(folderName === undefined ? {} : { folderName }),
    });
    const loaded: LoadedSkill = {
      entry,
      text,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      valid: parsed.valid,
      issues: parsed.issues,
    };
    if (parsed.manifest !== undefined) {
      if (entry.origin === undefined) loaded.manifest = parsed.manifest;
      else {
        // A skill served by an MCP server keeps its namespaced name, and only the allowed-tools its source kept.
        const { allowedTools: _served, ...manifest } = parsed.manifest;
        const kept = entry.manifest?.allowedTools;
        loaded.manifest = {
          ...manifest,
          name: entry.name,
          ...(kept === undefined ? {} : { allowedTools: kept }),
        };
      }
    }
    if (parsed.fieldPositions !== undefined) loaded.fieldPositions = parsed.fieldPositions;
    return loaded;
  };

  return {
    sources,
    load,
    async list(listOptions = {}) {
      await load();
      const result: SkillEntry[] = [];
      for (const key of keys()) {
        const group = groups.get(key) ?? [];
        if (listOptions.includeShadowed === true) result.push(...group);
        else if (group[0] !== undefined) result.push(group[0]);
      }
      return result;
    },
    async get(name) {
      await load();
      return groups.get(keyOf(name))?.[0];
    },
    async resolve(name) {
      await load();
      const entry = groups.get(keyOf(name))?.[0];
      return entry?.valid === true ? entry : undefined;
    },
    async issues() {
      await load();
      return sources.flatMap((source) => sourceIssues.get(source.id) ?? []);
    },
    loadSkill,
    async readBody(skill) {
      return (await loadSkill(skill)).body;
    },
    async listFiles(skill) {
      const entry = await entryOf(skill);
      return sourceOf(entry).listFiles(entry.path);
    },
    async readFile(skill, relativePath) {
      const entry = await entryOf(skill);
      return sourceOf(entry).readFile(entry.path, relativePath);
    },
    async listLinks(skill) {
      const entry = await entryOf(skill);
      return (await sourceOf(entry).listLinks?.(entry.path)) ?? [];
    },
    on(_event, listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async refresh() {
      await load();
      for (const source of sources) {
        const snapshot = await source.refresh();
        reconcile(source, snapshot.skills);
        sourceIssues.set(
          source.id,
          snapshot.issues.map((issue) => ({ ...issue, sourceId: source.id })),
        );
      }
    },
    async close() {
      closed = true;
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      listeners.clear();
      await Promise.all(sources.map((source) => source.close()));
    },
  };
}
