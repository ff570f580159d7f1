import {
  DIRECTORY_MIME_TYPE,
  type DirectoryResource,
} from '@modelcontextprotocol/server/ext/skills';
import type { SkillFileInfo } from '@skillset/core';
import { guessMimeType } from '@skillset/core/serving';
import { skillResourceUri } from '../skill-resource-uri.ts';

/** Options for {@link listDirectoryChildren}. */
export interface ListDirectoryChildrenOptions {
  skill: string;
  /** The directory inside the skill folder, `/`-separated; `''` for the skill's root. */
  directory: string;
  files: readonly SkillFileInfo[];
  /** The skill's own file as stored (`SKILL.md` or a variant spelling); it is listed as `SKILL.md`. */
  mainFile: string;
}

/**
 * The direct children of a directory of a skill, sorted by name: files with their resource
 * metadata, subdirectories as `inode/directory` resources; `undefined` when no file lies below it.
 */
export function listDirectoryChildren(
  options: ListDirectoryChildrenOptions,
): DirectoryResource[] | undefined {
  const { skill, directory, files, mainFile } = options;
  const prefix = directory === '' ? '' : `${directory}/`;
  const children = new Map<string, DirectoryResource>();
  let found = false;
  for (const file of files) {
    const path = file.path === mainFile ? 'SKILL.md' : file.path;
    if (!path.startsWith(prefix)) continue;
    found = true;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash === -1) {
      const mimeType = guessMimeType(rest);
      children.set(rest, {
        uri: skillResourceUri({ skill, path }),
        name: rest,
        ...(mimeType === undefined ? {} : { mimeType }),
        size: file.size,
      });
      continue;
    }
    const name = rest.slice(0, slash);
    if (children.has(name)) continue;
    children.set(name, {
      uri: skillResourceUri({ skill, path: `${prefix}${name}` }),
      name,
      mimeType: DIRECTORY_MIME_TYPE,
    });
  }
  if (!found) return undefined;
  return [...children.values()].sort((left, right) => (left.name < right.name ? -1 : 1));
}
