import { resolve } from 'node:path';
import type { SkillScope } from '../skill/skill-scope.ts';

/** Where a standard location comes from. */
export type SkillLocationOrigin = 'dir' | 'project' | 'user' | 'builtin';

/** One folder to search for skills, with the scope its skills get. */
export interface SkillLocation {
  path: string;
  scope: SkillScope;
  origin: SkillLocationOrigin;
}

/** Options for {@link standardSkillLocations}. */
export interface StandardSkillLocationsOptions {
  /** The current folder; `--dir` folders are relative to it. */
  cwd: string;
  /**
   * The project folders, nearest first (see `findProjectDirs`); a nearer folder's skills take
   * precedence. Defaults to `[cwd]`.
   */
  projectDirs?: readonly string[];
  /** The user's home folder. */
  home: string;
  /**
   * The environment: `CODEX_HOME` moves Codex's `~/.codex/skills`, `XDG_CONFIG_HOME` OpenCode's
   * `~/.config/opencode/skills` (relative values resolve against `cwd`). Defaults to none.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra folders (`--dir`), relative to `cwd`; scope `project`, ahead of every other location. */
  dirs?: readonly string[];
  /** The folder of the skills shipped with Skillset (scope `builtin`). */
  builtinDir?: string;
}

/**
 * Project skill folders, relative to the project folder, in precedence order: the folders Claude
 * Code, Codex, OpenCode, Gemini CLI, openskills and GitHub Copilot read (decisions 0115, 0145). A
 * plain `skills/` is not one: no agent reads it.
 */
export const PROJECT_SKILL_FOLDERS = [
  '.agents/skills',
  '.claude/skills',
  '.codex/skills',
  '.opencode/skills',
  '.gemini/skills',
  '.agent/skills',
  '.github/skills',
] as const;

/**
 * Personal skill folders, relative to the home folder, in precedence order; `$CODEX_HOME/skills`
 * and `$XDG_CONFIG_HOME/opencode/skills` replace the Codex and OpenCode ones when set.
 */
export const USER_SKILL_FOLDERS = [
  '.agents/skills',
  '.claude/skills',
  '.codex/skills',
  '.config/opencode/skills',
  '.gemini/skills',
  '.agent/skills',
  '.config/skillset/skills',
] as const;

/** Where a personal folder is, following `CODEX_HOME` and `XDG_CONFIG_HOME` as those agents do. */
function userFolderPath(
  folder: (typeof USER_SKILL_FOLDERS)[number],
  options: StandardSkillLocationsOptions,
): string {
  const env = options.env ?? {};
  if (folder === '.codex/skills' && env.CODEX_HOME) {
    return resolve(options.cwd, env.CODEX_HOME, 'skills');
  }
  if (folder === '.config/opencode/skills' && env.XDG_CONFIG_HOME) {
    return resolve(options.cwd, env.XDG_CONFIG_HOME, 'opencode/skills');
  }
  return resolve(options.home, folder);
}

/**
 * The folders searched for skills, highest precedence first: `--dir` folders, the project's (nearest
 * project folder first), the user's, then the built-in one; a folder listed twice keeps its first
 * (higher) place.
 */
export function standardSkillLocations(options: StandardSkillLocationsOptions): SkillLocation[] {
  const candidates: SkillLocation[] = [
    ...(options.dirs ?? []).map((dir) => ({
      path: resolve(options.cwd, dir),
      scope: 'project' as const,
      origin: 'dir' as const,
    })),
    ...(options.projectDirs ?? [options.cwd]).flatMap((projectDir) =>
      PROJECT_SKILL_FOLDERS.map((folder) => ({
        path: resolve(options.cwd, projectDir, folder),
        scope: 'project' as const,
        origin: 'project' as const,
      })),
    ),
    ...USER_SKILL_FOLDERS.map((folder) => ({
      path: userFolderPath(folder, options),
      scope: 'personal' as const,
      origin: 'user' as const,
    })),
  ];
  if (options.builtinDir !== undefined) {
    candidates.push({ path: resolve(options.builtinDir), scope: 'builtin', origin: 'builtin' });
  }
  const seen = new Set<string>();
  return candidates.filter((location) => {
    if (seen.has(location.path)) return false;
    seen.add(location.path);
    return true;
  });
}
