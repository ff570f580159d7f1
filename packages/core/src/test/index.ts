export { type BuildSkillOptions, buildSkill } from './build-skill.ts';
export { createTempDir, type TempDir } from './create-temp-dir.ts';
export {
  type ForgedZipEntry,
  type ForgeZipEntryOptions,
  forgeZip,
  forgeZipEntry,
} from './forge-zip.ts';
export { type ChangeEmitter, type WaitForChangeOptions, waitForChange } from './wait-for-change.ts';
export { type SkillTreeEntry, writeSkillTree } from './write-skill-tree.ts';
