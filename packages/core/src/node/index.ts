export { formatWordVectorFile } from '../search/word-vector-file.ts';
export { BUILTIN_SKILLS_DIR } from './builtin-skills-dir.ts';
export { createFolderSkillStore } from './create-folder-skill-store.ts';
export { createFolderSource, type FolderSourceOptions } from './create-folder-source.ts';
export { createNodePolicyEnvironment } from './create-node-policy-environment.ts';
export { createStandardSources, type StandardSourcesOptions } from './create-standard-sources.ts';
export { findProjectDirs } from './find-project-dirs.ts';
export { findSkillFolderLinks } from './find-skill-folder-links.ts';
export { findSkillFolders } from './find-skill-folders.ts';
export { defaultCacheDir } from './index-cache.ts';
export {
  type LoadPolicyConfigResult,
  loadPolicyConfig,
  PROJECT_POLICY_CONFIG_FILE,
} from './load-policy-config.ts';
export { loadRankerData } from './load-ranker-data.ts';
export { formatSynonymFile, SYNONYM_FILE } from './load-synonyms.ts';
export { WORD_VECTOR_FILE } from './load-word-vectors.ts';
export { findBinary } from './probe-binaries.ts';
export { runSkillScript, type SandboxLimits, type SkillScriptResult } from './sandbox/index.ts';
export { SKILL_FILE_NAMES } from './scan-skill-tree.ts';
export {
  createSkillFolderCache,
  createSkillScriptRunner,
  type SessionSkillScriptRunner,
  type SkillScriptErrorCode,
  secretsFromEnvironment,
} from './scripts/index.ts';
export { signSkillFolder } from './sign-skill-folder.ts';
export { listSkillFolderFiles, readSkillFolderFile } from './skill-folder-files.ts';
export {
  findSkillFile,
  type ValidateSkillPathResult,
  validateSkillPath,
} from './validate-skill-path.ts';
