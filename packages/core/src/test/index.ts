export { DEFAULT_DESCRIBED_ENTRIES } from '../catalog/index.ts';
export { frontmatterLength } from '../format/frontmatter-length.ts';
export type { ActivatableSkill } from '../invoke/activatable-skill.ts';
export { activate } from '../invoke/activate.ts';
export { parseInvocation } from '../invoke/parse-invocation.ts';
export { loadSynonyms } from '../node/load-synonyms.ts';
export { loadWordVectors } from '../node/load-word-vectors.ts';
export {
  checkSandbox,
  DEFAULT_SANDBOX_LIMITS,
  maskSecrets,
  type SkillScriptRun,
} from '../node/sandbox/index.ts';
export { ENTRY_POINT_SURFACES, resolvePolicySurface } from '../policy/index.ts';
export {
  buildInvertedIndex,
  DEFAULT_INDEX_SETTINGS,
  type InvertedIndexSettings,
  type SkillIndexOptions,
} from '../search/index.ts';
export type { MemorySkillSource } from '../source/create-memory-source.ts';
export {
  createMemorySkillStore,
  createSandboxSkillsApi,
  MAX_SEARCH_LIMIT,
  type SandboxSkillsApi,
  type SkillScriptRunner,
} from '../tools/index.ts';
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
