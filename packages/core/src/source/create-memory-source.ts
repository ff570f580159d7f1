import { SkillsetError } from '../errors/skillset-error.ts';
import { parseSkill } from '../format/parse-skill.ts';
import type { SkillScope } from '../skill/skill-scope.ts';
import { createSkillRecord } from './create-skill-record.ts';
import { normalizeSkillFilePath } from './normalize-skill-file-path.ts';
import type {
  SkillFileInfo,
  SkillRecord,
  SkillSource,
  SkillSourceChange,
  SkillSourceListener,
  SkillSourceSnapshot,
} from './skill-source.ts';

/** One skill given to a memory source: its `SKILL.md` text, an optional folder path and files. */
export interface MemorySkillInput {
  text: string;
  /** The virtual skill folder; defaults to `memory/<name>`. */
  path?: string;
  /** Other files of the package, by path relative to the skill folder. */
  files?: Record<string, string | Uint8Array>;
}

/** Options for {@link createMemorySource}. */
export interface MemorySourceOptions {
  scope: SkillScope;
  /** Defaults to `memory:<n>`, unique per process. */
  id?: string;
  skills?: MemorySkillInput[];
  profile?: 'strict' | 'default';
}

/** A source that holds skills in memory, for tests and for embedding; changes emit events. */
export interface MemorySkillSource extends SkillSource {
  /** Adds a skill and reports `added`; throws `skill_exists` when its folder is taken. */
  add(skill: MemorySkillInput): SkillRecord;
  /** Replaces the skill at folder path or name `target` and reports `changed`. */
  update(target: string, skill: Omit<MemorySkillInput, 'path'>): SkillRecord;
  /** Removes the skill at folder path or name `target` and reports `removed`. */
  remove(target: string): SkillRecord;
}

interface StoredSkill {
  record: SkillRecord;
  text: string;
  files: Map<string, Uint8Array>;
}

let memorySourceCount = 0;
const encoder = new TextEncoder();

/** Creates an in-memory skill source. */
export function createMemorySource(options: MemorySourceOptions): MemorySkillSource {
  memorySourceCount += 1;
  const id = options.id ?? `memory:${memorySourceCount}`;
  const stored = new Map<string, StoredSkill>();
  const listeners = new Set<SkillSourceListener>();
  let unnamedCount = 0;

  const emit = (change: SkillSourceChange): void => {
    for (const listener of listeners) listener(change);
  };

  const build = (input: MemorySkillInput, fixedPath?: string): StoredSkill => {
    const givenPath = fixedPath ?? input.path;
    const folderName = givenPath === undefined ? undefined : lastSegment(givenPath);
    const parsed = parseSkill(input.text, {
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(folderName === undefined ? {} : { folderName }),
    });
    let path = givenPath;
    if (path === undefined) {
      const name = parsed.manifest?.name;
      if (name === undefined) unnamedCount += 1;
      path = `memory/${name ?? `unnamed-${unnamedCount}`}`;
    }
    const files = new Map<string, Uint8Array>();
    for (const [filePath, content] of Object.entries(input.files ?? {})) {
      files.set(
        normalizeSkillFilePath(filePath),
        typeof content === 'string' ? encoder.encode(content) : content,
      );
    }
    files.set('SKILL.md', encoder.encode(input.text));
    const record = createSkillRecord({
      parsed,
      path,
      skillFile: `${path}/SKILL.md`,
      folderName: lastSegment(path),
      size: files.get('SKILL.md')?.byteLength ?? 0,
    });
    return { record, text: input.text, files };
  };

  const find = (target: string): StoredSkill => {
    const byPath = stored.get(target);
    if (byPath !== undefined) return byPath;
    const key = target.toLowerCase();
    for (const skill of stored.values()) {
      if (skill.record.name.toLowerCase() === key) return skill;
    }
    throw new SkillsetError({
      code: 'skill_not_found',
      message: `No skill ${JSON.stringify(target)} in source ${id}.`,
      details: { sourceId: id, skill: target },
    });
  };

  const snapshot = (): SkillSourceSnapshot => ({
    skills: [...stored.values()].map((skill) => skill.record),
    issues: [],
  });

  const add = (input: MemorySkillInput): SkillRecord => {
    const skill = build(input);
    if (stored.has(skill.record.path)) {
      throw new SkillsetError({
        code: 'skill_exists',
        message: `Source ${id} already has a skill at ${JSON.stringify(skill.record.path)}.`,
        details: { sourceId: id, path: skill.record.path },
      });
    }
    stored.set(skill.record.path, skill);
    emit({ type: 'added', skill: skill.record });
    return skill.record;
  };

  for (const input of options.skills ?? []) add(input);

  return {
    id,
    scope: options.scope,
    location: 'memory',
    add,
    update(target, input) {
      const previous = find(target);
      const skill = build(input, previous.record.path);
      stored.set(skill.record.path, skill);
      emit({ type: 'changed', skill: skill.record });
      return skill.record;
    },
    remove(target) {
      const previous = find(target);
      stored.delete(previous.record.path);
      emit({ type: 'removed', skill: previous.record });
      return previous.record;
    },
    async load() {
      return snapshot();
    },
    async refresh() {
      return snapshot();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async readSkillText(skillPath) {
      return find(skillPath).text;
    },
    async listFiles(skillPath): Promise<SkillFileInfo[]> {
      return [...find(skillPath).files]
        .map(([path, content]) => ({ path, size: content.byteLength }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    async readFile(skillPath, relativePath) {
      const skill = find(skillPath);
      const normalized = normalizeSkillFilePath(relativePath);
      const content = skill.files.get(normalized);
      if (content === undefined) {
        throw new SkillsetError({
          code: 'skill_file_not_found',
          message: `Skill ${JSON.stringify(skill.record.name)} has no file ${JSON.stringify(normalized)}.`,
          details: { sourceId: id, skill: skill.record.name, path: normalized },
        });
      }
      return content;
    },
    async close() {
      listeners.clear();
    },
  };
}

function lastSegment(path: string): string {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  return segments.at(-1) ?? path;
}
