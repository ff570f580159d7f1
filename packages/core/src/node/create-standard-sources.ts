import { statSync } from 'node:fs';
import {
  createFolderSource,
  type FolderSkillSource,
  type FolderSourceOptions,
} from './create-folder-source.ts';
import {
  type StandardSkillLocationsOptions,
  standardSkillLocations,
} from './standard-skill-locations.ts';

/** Options for {@link createStandardSources}: the locations, plus options for every folder source. */
export interface StandardSourcesOptions
  extends StandardSkillLocationsOptions,
    Omit<FolderSourceOptions, 'root' | 'scope' | 'id'> {}

/**
 * Creates folder sources for the standard locations that exist, highest precedence first; `--dir`
 * folders are kept even when missing, so their source reports a `source_root_missing` error.
 */
export function createStandardSources(options: StandardSourcesOptions): FolderSkillSource[] {
  const { cwd, home, dirs, builtinDir, ...folderOptions } = options;
  return standardSkillLocations({
    cwd,
    home,
    ...(dirs === undefined ? {} : { dirs }),
    ...(builtinDir === undefined ? {} : { builtinDir }),
  })
    .filter(
      (location) =>
        location.origin === 'dir' ||
        statSync(location.path, { throwIfNoEntry: false })?.isDirectory(),
    )
    .map((location) =>
      createFolderSource({
        ...folderOptions,
        root: location.path,
        scope: location.scope,
        required: location.origin === 'dir',
      }),
    );
}
