import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { SkillsetError } from '../errors/skillset-error.ts';
import { checkSkillName } from '../format/check-skill-name.ts';
import type { SkillScope } from '../skill/skill-scope.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import { assertSkillWrite } from '../tools/check-skill-write.ts';
import type { SkillStore } from '../tools/skill-store.ts';
import { readSkillFolderFile } from './skill-folder-files.ts';

/** Options for {@link createFolderSkillStore}. */
export interface FolderSkillStoreOptions {
  /** The folder holding `<name>/SKILL.md`; created on the first write. */
  root: string;
  /** The scope of the skills in this folder (default `project`). */
  scope?: SkillScope;
}

/** Where a folder store keeps its switches, relative to the root (a dot-folder the scanner skips). */
export const FOLDER_STORE_STATE_FILE = '.skillset/state.json';

interface FolderStoreState {
  disabled: string[];
}

/**
 * Creates a {@link SkillStore} over a folder: each skill is `<root>/<name>/SKILL.md`, written
 * atomically (a temporary file renamed over the old one); disabled names are listed in
 * `<root>/.skillset/state.json`.
 */
export function createFolderSkillStore(options: FolderSkillStoreOptions): SkillStore {
  const root = resolve(options.root);
  const stateFile = join(root, FOLDER_STORE_STATE_FILE);

  const folderOf = (name: string): string => {
    const key = name.toLowerCase();
    if (checkSkillName(key).length > 0) {
      throw new SkillsetError({
        code: 'invalid_skill_name',
        message: `Invalid skill name ${JSON.stringify(name)}.`,
        details: { name },
      });
    }
    return join(root, key);
  };
  // Confined to the skill's folder: a SKILL.md linked to a file elsewhere is refused, not read.
  const readText = async (name: string): Promise<string | undefined> => {
    try {
      return new TextDecoder().decode(await readSkillFolderFile(folderOf(name), 'SKILL.md'));
    } catch (error) {
      if (SkillsetError.isInstance(error) && error.code === 'skill_file_not_found')
        return undefined;
      throw error;
    }
  };
  const exists = async (name: string): Promise<boolean> =>
    (await lstat(join(folderOf(name), 'SKILL.md')).catch(() => undefined)) !== undefined;
  const notFound = (name: string): SkillsetError =>
    new SkillsetError({
      code: 'skill_not_found',
      message: `No skill named ${JSON.stringify(name)} in ${root}.`,
      details: { name, root },
    });
  const readState = async (): Promise<FolderStoreState> => {
    try {
      const parsed: unknown = JSON.parse(await readFile(stateFile, 'utf8'));
      const disabled = (parsed as Partial<FolderStoreState>).disabled;
      return { disabled: Array.isArray(disabled) ? disabled.filter(isString) : [] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { disabled: [] };
      throw new SkillsetError({
        code: 'store_state_unreadable',
        message: `Cannot read ${stateFile}: ${(error as Error).message}`,
        details: { path: stateFile },
        cause: error,
      });
    }
  };
  const writeState = async (state: FolderStoreState): Promise<void> => {
    await writeAtomically(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  };

  return {
    scope: options.scope ?? 'project',
    location: root,
    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const held: string[] = [];
      for (const name of names.sort()) {
        if (name.startsWith('.') || checkSkillName(name).length > 0) continue;
        const file = await stat(join(root, name, 'SKILL.md')).catch(() => undefined);
        if (file?.isFile() === true) held.push(name);
      }
      return held;
    },
    read: readText,
    async create(skill) {
      const manifest = assertSkillWrite({ text: skill.text });
      const folder = folderOf(manifest.name);
      const files = Object.entries(skill.files ?? {}).map(
        ([path, content]) => [normalizeSkillFilePath(path), content] as const,
      );
      await mkdir(root, { recursive: true });
      try {
        await mkdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        throw new SkillsetError({
          code: 'skill_exists',
          message: `A skill folder ${folder} already exists.`,
          details: { name: manifest.name, path: folder },
        });
      }
      try {
        for (const [path, content] of files) await writeAtomically(join(folder, path), content);
        await writeAtomically(join(folder, 'SKILL.md'), skill.text);
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
    },
    async update(name, text) {
      if ((await readText(name)) === undefined) throw notFound(name);
      assertSkillWrite({ text, name });
      await writeAtomically(join(folderOf(name), 'SKILL.md'), text);
    },
    async delete(name) {
      if (!(await exists(name))) throw notFound(name);
      await rm(folderOf(name), { recursive: true, force: true });
      const state = await readState();
      const key = name.toLowerCase();
      if (state.disabled.includes(key)) {
        await writeState({ disabled: state.disabled.filter((each) => each !== key) });
      }
    },
    async isEnabled(name) {
      return !(await readState()).disabled.includes(name.toLowerCase());
    },
    async setEnabled(name, enabled) {
      const key = name.toLowerCase();
      const { disabled } = await readState();
      const others = disabled.filter((each) => each !== key);
      await writeState({ disabled: enabled ? others : [...others, key].sort() });
    },
  };
}

/** Writes a file through a temporary sibling and a rename, so readers never see half a file. */
async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
