import { statSync } from 'node:fs';
import {
  createFolderSource,
  type FolderSkillSource,
  type FolderSourceOptions,
} from './create-folder-source.ts';
import { findPluginSkillFolders } from './find-plugin-skill-folders.ts';
import { findProjectDirs } from './find-project-dirs.ts';
import {
  type SkillLocation,
  type StandardSkillLocationsOptions,
  standardSkillLocations,
} from './standard-skill-locations.ts';

/** Options for {@link createStandardSources}: the locations, plus options for every folder source. */
export interface StandardSourcesOptions
  extends StandardSkillLocationsOptions,
    Omit<FolderSourceOptions, 'root' | 'scope' | 'id'> {}

/**
 * Creates folder sources for the standard locations that exist, highest precedence first. Project
 * folders are found walking up from `cwd` to the git root unless `projectDirs` is given; `env`
 * (default `process.env`) gives `CODEX_HOME` and `XDG_CONFIG_HOME`. A `--dir`
 * folder that is a Claude Code plugin (or a marketplace of plugins) contributes its plugins'
 * `skills/` folders; any other `--dir` folder is kept even when missing, so its source reports a
 * `source_root_missing` error.
 */
export function createStandardSources(options: StandardSourcesOptions): FolderSkillSource[] {
  const { cwd, home, env, dirs, builtinDir, projectDirs, ...folderOptions } = options;
  const locations = standardSkillLocations({
    cwd,
    home,
    env: env ?? process.env,
    projectDirs: projectDirs ?? findProjectDirs({ cwd, home }),
    ...(dirs === undefined ? {} : { dirs }),
    ...(builtinDir === undefined ? {} : { builtinDir }),
  });
  const seen = new Set<string>();
  return locations
    .flatMap((location) => sourcesOf(location))
    .flatMap((location) => {
      if (seen.has(location.root)) return [];
      seen.add(location.root);
      return [
        createFolderSource({
          ...folderOptions,
          root: location.root,
          scope: location.scope,
          required: location.required,
          ...(location.id === undefined ? {} : { id: location.id }),
        }),
      ];
    });
}

interface SourceLocation {
  root: string;
  scope: SkillLocation['scope'];
  required: boolean;
  id?: string;
}

function sourcesOf(location: SkillLocation): SourceLocation[] {
  if (location.origin !== 'dir') {
    return isDirectory(location.path)
      ? [{ root: location.path, scope: location.scope, required: false }]
      : [];
  }
  const plugins = findPluginSkillFolders(location.path);
  if (plugins.length === 0) return [{ root: location.path, scope: location.scope, required: true }];
  return plugins.flatMap(({ plugin, root, folders }) => {
    const existing = folders.filter(isDirectory);
    // A plugin given itself must have skills; one a marketplace lists may have none.
    const kept = existing.length === 0 && root === location.path ? folders.slice(0, 1) : existing;
    return kept.map((folder) => ({
      root: folder,
      scope: location.scope,
      required: existing.length === 0,
      id: `plugin:${plugin}:${folder}`,
    }));
  });
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
