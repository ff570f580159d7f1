import type { SkillRegistry } from '../registry/create-registry.ts';
import type { LoadedSkill, SkillEntry } from '../registry/skill-entry.ts';
import { isMarkdownFile, type SkillContentFile } from './scan-content-risks.ts';
import { isScriptFile } from './scan-script.ts';

/** Files larger than this are not read for the content scan (bytes). */
export const MAXIMUM_SCANNED_FILE_SIZE = 512 * 1024;

/** At most this many files of one skill are read for the content scan, besides `SKILL.md`. */
export const MAXIMUM_SCANNED_FILES = 200;

const decoder = new TextDecoder('utf-8');

/** The content of a skill the doctor reads: `SKILL.md` and its text files (Markdown and scripts). */
export interface SkillContent {
  /** `SKILL.md` read and parsed. */
  loaded: LoadedSkill;
  /** `SKILL.md` first (path `SKILL.md`), then each scanned file by its path relative to the folder. */
  files: SkillContentFile[];
}

/** Reads `SKILL.md` and the Markdown and script files of a skill through its registry. */
export async function readSkillContent(
  registry: SkillRegistry,
  entry: SkillEntry,
): Promise<SkillContent> {
  const loaded = await registry.loadSkill(entry);
  const files: SkillContentFile[] = [{ path: 'SKILL.md', text: loaded.text }];
  const listed = await registry.listFiles(entry).catch(() => []);
  const skillFileName = entry.skillFile.slice(entry.skillFile.lastIndexOf('/') + 1);
  const wanted = listed
    .filter((file) => file.path !== skillFileName && file.size <= MAXIMUM_SCANNED_FILE_SIZE)
    .filter((file) => isScriptFile(file.path) || isMarkdownFile(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, MAXIMUM_SCANNED_FILES);
  for (const file of wanted) {
    const bytes = await registry.readFile(entry, file.path).catch(() => undefined);
    if (bytes !== undefined) files.push({ path: file.path, text: decoder.decode(bytes) });
  }
  return { loaded, files };
}
