import { checkSkillName, normalizeSkillFilePath, SkillsetError } from '@skillset/core';
import { describeSkillPath } from '@skillset/core/authoring';

/** A skill about to be written to disk: its name (the folder's) and its files' relative paths. */
export interface SkillLayout {
  name: string;
  paths: readonly string[];
}

function pathProblem(path: string): string | undefined {
  try {
    normalizeSkillFilePath(path, { exact: true });
    return undefined;
  } catch (error) {
    if (!SkillsetError.isInstance(error)) throw error;
    return error.message.replace(/\.$/, '');
  }
}

/**
 * Why a skill from elsewhere (a server, a ZIP, a repository) must not be written, or undefined:
 * its name becomes a folder name, so it must be a valid skill name; every path must already be a
 * plain relative path inside the folder (`a/b.txt`: no `..`, absolute path, drive letter,
 * backslash, NUL or control character), listed once, and never both a file and a folder.
 */
export function findSkillLayoutProblem(layout: SkillLayout): string | undefined {
  const { name } = layout;
  if (name !== name.normalize('NFKC') || checkSkillName(name).length > 0) {
    return `its name ${describeSkillPath(name)} is not a valid skill name (lowercase letters, digits and single hyphens, at most 64 characters), and it would be a folder name`;
  }
  const files = new Set<string>();
  for (const path of layout.paths) {
    const problem = pathProblem(path);
    if (problem !== undefined) return problem;
    if (files.has(path)) return `the file path ${describeSkillPath(path)} is listed twice`;
    files.add(path);
  }
  for (const path of files) {
    const segments = path.split('/');
    for (let length = 1; length < segments.length; length++) {
      const folder = segments.slice(0, length).join('/');
      if (files.has(folder)) return `${describeSkillPath(folder)} is both a file and a folder`;
    }
  }
  return undefined;
}
