import { SkillsetError } from '../errors/skillset-error.ts';
import type { MemorySkillSource } from '../source/create-memory-source.ts';
import { assertSkillWrite } from './check-skill-write.ts';
import type { SkillStore } from './skill-store.ts';

/** Options for {@link createMemorySkillStore}. */
export interface MemorySkillStoreOptions {
  /** The memory source the store writes to; put the same source in the registry so writes show up there. */
  source: MemorySkillSource;
}

/** Creates a runtime-neutral {@link SkillStore} over a memory source; the enabled switch lives in memory. */
export function createMemorySkillStore(options: MemorySkillStoreOptions): SkillStore {
  const { source } = options;
  const disabled = new Set<string>();

  const names = async (): Promise<string[]> => {
    const snapshot = await source.load();
    return snapshot.skills.map((record) => record.name).sort();
  };
  const held = async (name: string): Promise<string | undefined> => {
    const key = name.toLowerCase();
    return (await names()).find((each) => each.toLowerCase() === key);
  };
  const notFound = (name: string): SkillsetError =>
    new SkillsetError({
      code: 'skill_not_found',
      message: `No skill named ${JSON.stringify(name)} in ${source.id}.`,
      details: { name, sourceId: source.id },
    });

  return {
    scope: source.scope,
    location: source.location,
    list: names,
    async read(name) {
      const stored = await held(name);
      return stored === undefined ? undefined : source.readSkillText(stored);
    },
    async create(skill) {
      const manifest = assertSkillWrite({ text: skill.text });
      if ((await held(manifest.name)) !== undefined) {
        throw new SkillsetError({
          code: 'skill_exists',
          message: `A skill named ${JSON.stringify(manifest.name)} already exists in ${source.id}.`,
          details: { name: manifest.name, sourceId: source.id },
        });
      }
      source.add({
        text: skill.text,
        path: `memory/${manifest.name}`,
        ...(skill.files === undefined ? {} : { files: { ...skill.files } }),
      });
    },
    async update(name, text) {
      const stored = await held(name);
      if (stored === undefined) throw notFound(name);
      assertSkillWrite({ text, name: stored });
      const files: Record<string, Uint8Array> = {};
      for (const file of await source.listFiles(stored)) {
        if (file.path !== 'SKILL.md') files[file.path] = await source.readFile(stored, file.path);
      }
      source.update(stored, { text, files });
    },
    async delete(name) {
      const stored = await held(name);
      if (stored === undefined) throw notFound(name);
      source.remove(stored);
      disabled.delete(stored.toLowerCase());
    },
    async isEnabled(name) {
      return !disabled.has(name.toLowerCase());
    },
    async setEnabled(name, enabled) {
      if (enabled) disabled.delete(name.toLowerCase());
      else disabled.add(name.toLowerCase());
    },
  };
}
