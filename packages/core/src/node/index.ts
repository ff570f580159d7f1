export {
  formatWordVectorFile,
  parseWordVectorFile,
  WORD_VECTOR_FILE_VERSION,
} from '../search/word-vector-file.ts';
export type { WordVectors } from '../search/word-vectors.ts';
export { BUILTIN_SKILLS_DIR } from './builtin-skills-dir.ts';
export {
  createFolderSkillStore,
  FOLDER_STORE_STATE_FILE,
  type FolderSkillStoreOptions,
} from './create-folder-skill-store.ts';
export {
  createFolderSource,
  type FolderScanInfo,
  type FolderSkillSource,
  type FolderSourceOptions,
} from './create-folder-source.ts';
export {
  createNodePolicyEnvironment,
  type NodePolicyEnvironmentOptions,
} from './create-node-policy-environment.ts';
export { createStandardSources, type StandardSourcesOptions } from './create-standard-sources.ts';
export {
  findPluginSkillFolders,
  type PluginSkillFolders,
} from './find-plugin-skill-folders.ts';
export { type FindProjectDirsOptions, findProjectDirs } from './find-project-dirs.ts';
export {
  type FindSkillFolderLinksOptions,
  findSkillFolderLinks,
} from './find-skill-folder-links.ts';
export { type FindSkillFoldersOptions, findSkillFolders } from './find-skill-folders.ts';
export {
  type DefaultCacheDirOptions,
  defaultCacheDir,
  INDEX_CACHE_VERSION,
  type IndexCacheKey,
  type IndexCacheStatus,
  indexCacheFile,
  type LoadIndexCacheResult,
  loadIndexCache,
  saveIndexCache,
} from './index-cache.ts';
export {
  defaultUserPolicyConfigFile,
  type LoadPolicyConfigOptions,
  type LoadPolicyConfigResult,
  loadPolicyConfig,
  loadPolicyConfigFile,
  PROJECT_POLICY_CONFIG_FILE,
} from './load-policy-config.ts';
export { loadRankerData } from './load-ranker-data.ts';
export {
  formatSynonymFile,
  loadSynonyms,
  parseSynonymFile,
  SYNONYM_FILE,
  SYNONYM_FILE_MAGIC,
  SYNONYM_FILE_VERSION,
} from './load-synonyms.ts';
export { loadWordVectors, WORD_VECTOR_FILE } from './load-word-vectors.ts';
export {
  type BinaryProbe,
  type BinaryProbeOptions,
  createBinaryProbe,
  findBinary,
} from './probe-binaries.ts';
export {
  type CheckSandboxOptions,
  checkSandbox,
  DEFAULT_SANDBOX_LIMITS,
  maskSecrets,
  runSkillScript,
  type SandboxCheck,
  type SandboxErrorCode,
  type SandboxLimits,
  type SkillScriptResult,
  type SkillScriptRun,
} from './sandbox/index.ts';
export { SKILL_FILE_NAMES, SKIPPED_FOLDER_NAMES } from './scan-skill-tree.ts';
export {
  createSkillFolderCache,
  createSkillScriptRunner,
  readScratchFile,
  type SessionSkillScriptRunner,
  type SkillFolderCache,
  type SkillFolderCacheOptions,
  type SkillScriptErrorCode,
  type SkillScriptRunnerOptions,
  secretsFromEnvironment,
} from './scripts/index.ts';
export {
  type SignSkillFolderErrorCode,
  type SignSkillFolderOptions,
  type SignSkillFolderResult,
  signSkillFolder,
} from './sign-skill-folder.ts';
export {
  type ListSkillFolderFilesOptions,
  listSkillFolderFiles,
  readSkillFolderFile,
} from './skill-folder-files.ts';
export {
  PROJECT_SKILL_FOLDERS,
  type SkillLocation,
  type SkillLocationOrigin,
  type StandardSkillLocationsOptions,
  standardSkillLocations,
  USER_SKILL_FOLDERS,
} from './standard-skill-locations.ts';
export {
  findSkillFile,
  type ValidateSkillPathOptions,
  type ValidateSkillPathResult,
  validateSkillPath,
} from './validate-skill-path.ts';
