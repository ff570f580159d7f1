import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type BuildSkillOptions, buildSkill } from './build-skill.ts';

/** One skill folder to write: either its `SKILL.md` text or the options to build one. */
export type SkillTreeEntry = (
  | { text: string; name?: string }
  | (BuildSkillOptions & { text?: undefined })
) & {
  /** The folder relative to the tree's root; defaults to the name. */
  path?: string;
  /** Defaults to `SKILL.md`. */
  skillFileName?: string;
  /** Other files, by path relative to the skill folder. */
  files?: Record<string, string | Uint8Array>;
};

/** Writes skill folders under `root` (Node only); returns their absolute folder paths. */
export async function writeSkillTree(
  root: string,
  skills: readonly SkillTreeEntry[],
): Promise<string[]> {
  const folders: string[] = [];
  for (const skill of skills) {
    const folderPath = skill.path ?? skill.name;
    if (folderPath === undefined)
      throw new Error('writeSkillTree: give each skill a path or a name');
    const folder = join(root, folderPath);
    const text = skill.text ?? buildSkill(skill as BuildSkillOptions);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, skill.skillFileName ?? 'SKILL.md'), text);
    for (const [path, content] of Object.entries(skill.files ?? {})) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), content);
    }
    folders.push(folder);
  }
  return folders;
}
