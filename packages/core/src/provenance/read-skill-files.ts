import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';

/** Reads every file of a skill through its registry, in the order it lists them. */
export async function readSkillFiles(
  registry: Pick<SkillRegistry, 'listFiles' | 'readFile'>,
  entry: SkillEntry,
): Promise<{ path: string; bytes: Uint8Array }[]> {
  const files = await registry.listFiles(entry);
  const read: { path: string; bytes: Uint8Array }[] = [];
  for (const file of files)
    read.push({ path: file.path, bytes: await registry.readFile(entry, file.path) });
  return read;
}
