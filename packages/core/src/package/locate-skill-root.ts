import type { SkillIssue } from '../skill/skill-issue.ts';
import { createPackageIssue } from './package-issue-codes.ts';

/** Where the skill sits in a package: its folder prefix (if any) and its `SKILL.md` path. */
export type LocateSkillRootResult =
  | { ok: true; folderName?: string; skillFilePath: string }
  | { ok: false; issue: SkillIssue };

const SKILL_FILE_NAMES = ['SKILL.md', 'skill.md'] as const;

function listNames(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name));
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
}

function skillFileIn(paths: ReadonlySet<string>, prefix: string): string | undefined {
  return SKILL_FILE_NAMES.map((name) => prefix + name).find((path) => paths.has(path));
}

/**
 * Finds the skill in a package's file paths: `SKILL.md` at the root, else in exactly one top-level
 * folder that is the only thing at the top level.
 */
export function locateSkillRoot(filePaths: readonly string[]): LocateSkillRootResult {
  const paths = new Set(filePaths);
  const atRoot = skillFileIn(paths, '');
  if (atRoot !== undefined) return { ok: true, skillFilePath: atRoot };

  const topLevel = [...new Set(filePaths.map((path) => path.split('/')[0] as string))].sort();
  const skillFolders = topLevel.filter((name) => skillFileIn(paths, `${name}/`) !== undefined);
  if (skillFolders.length === 0) {
    const deeper = filePaths.filter((path) => /(^|\/)skill\.md$/i.test(path)).sort();
    const found =
      deeper.length > 0
        ? ` (found ${listNames(deeper)}, which is too deep)`
        : filePaths.length === 0
          ? ' (the ZIP holds no files)'
          : '';
    return {
      ok: false,
      issue: createPackageIssue(
        'missing_skill_file',
        'error',
        `The ZIP has no SKILL.md at its root or at the root of a single top-level folder${found}; zip the skill folder itself (my-skill/SKILL.md).`,
      ),
    };
  }
  if (skillFolders.length > 1) {
    return {
      ok: false,
      issue: createPackageIssue(
        'multiple_skill_folders',
        'error',
        `The ZIP holds ${skillFolders.length} skill folders (${listNames(skillFolders)}); upload one skill per ZIP.`,
      ),
    };
  }
  const folderName = skillFolders[0] as string;
  const others = topLevel.filter((name) => name !== folderName);
  if (others.length > 0) {
    return {
      ok: false,
      issue: createPackageIssue(
        'multiple_top_level_entries',
        'error',
        `The skill is in folder ${JSON.stringify(folderName)} but the ZIP also holds ${listNames(others)} next to it; move them into ${JSON.stringify(folderName)} or leave them out of the ZIP.`,
      ),
    };
  }
  return { ok: true, folderName, skillFilePath: skillFileIn(paths, `${folderName}/`) as string };
}
