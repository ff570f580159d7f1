import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type SkillTreeEntry, writeSkillTree } from '@skillset/core/test';

/** Options for {@link createCliProject}. */
export interface CreateCliProjectOptions {
  /** Skills in the project's `.agents/skills`. */
  skills?: readonly SkillTreeEntry[];
  /** The project's `skillset.json`: an object (written as JSON) or raw text. */
  policy?: unknown;
  /** The user's `~/.config/skillset/config.json`: an object or raw text. */
  userPolicy?: unknown;
  /** A shared cache folder (the index cache), so tests do not write to the user's cache. */
  cacheDir: string;
}

/** A temporary project with its own HOME, for running `skillset` as a new user would. */
export interface CliProject extends AsyncDisposable {
  project: string;
  home: string;
  env: Record<string, string>;
}

function configText(value: unknown): string {
  return typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`;
}

/** Creates a project folder with skills and optional policy files, and a HOME next to it. */
export async function createCliProject(options: CreateCliProjectOptions): Promise<CliProject> {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(project, { recursive: true });
  await writeSkillTree(path.join(project, '.agents/skills'), options.skills ?? []);
  if (options.policy !== undefined) {
    await writeFile(path.join(project, 'skillset.json'), configText(options.policy));
  }
  if (options.userPolicy !== undefined) {
    const folder = path.join(home, '.config/skillset');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'config.json'), configText(options.userPolicy));
  }
  return {
    project,
    home,
    env: { HOME: home, XDG_CACHE_HOME: options.cacheDir },
    [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose](),
  };
}
