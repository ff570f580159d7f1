export {
  createSkillFolderCache,
  type SkillFolderCache,
  type SkillFolderCacheOptions,
} from './create-skill-folder-cache.ts';
export {
  createSkillScriptRunner,
  type SessionSkillScriptRunner,
  type SkillScriptRunnerOptions,
} from './create-skill-script-runner.ts';
export { readScratchFile } from './read-scratch-file.ts';
export { secretsFromEnvironment } from './secrets-from-environment.ts';
export type { SkillScriptErrorCode } from './skill-script-error-code.ts';
