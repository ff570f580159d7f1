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
  /** Extra folders (`--dir`), relative to `cwd`; scope `project`, ahead of every other location. */
  dirs?: readonly string[];
  /** The folder of the skills shipped with Skillset (scope `builtin`). */
  builtinDir?: string;
}

/** Project skill folders, relative to the project folder, in precedence order. */
export const PROJECT_SKILL_FOLDERS = [
  '.agents/skills',
  '.claude/skills',
  '.codex/skills',
  '.opencode/skills',
  '.github/skills',
  'skills',
] as const;

/** Personal skill folders, relative to the home folder, in precedence order. */
export const USER_SKILL_FOLDERS = [
  '.agents/skills',
  '.claude/skills',
  '.codex/skills',
  '.config/opencode/skills',
  '.config/skillset/skills',
] as const;

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
      path: resolve(options.home, folder),
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
