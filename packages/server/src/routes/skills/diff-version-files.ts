import { z } from '@hono/zod-openapi';
import { isTextMimeType } from '@skillset/core';
import type { SkillFileContent } from '@skillset/store';
import { createUnifiedDiff } from './create-unified-diff.ts';

/** One changed file between two versions, as a unified diff. */
export const fileDiffSchema = z.object({
  path: z.string(),
  status: z.enum(['added', 'removed', 'modified']),
  binary: z.boolean(),
  diff: z.string(),
});

/** One changed file between two versions. */
export type FileDiff = z.infer<typeof fileDiffSchema>;

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeText(file: SkillFileContent | undefined): string | undefined {
  if (file === undefined) return '';
  if (!isTextMimeType(file.mime) && file.path !== 'SKILL.md') return undefined;
  try {
    return decoder.decode(file.content);
  } catch {
    return undefined;
  }
}

function comparePaths(left: string, right: string): number {
  if (left === 'SKILL.md') return -1;
  if (right === 'SKILL.md') return 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The changed files between two versions' files by path, `SKILL.md` first, then by path. */
export function diffVersionFiles(
  before: ReadonlyMap<string, SkillFileContent>,
  after: ReadonlyMap<string, SkillFileContent>,
): FileDiff[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort(comparePaths);
  const files: FileDiff[] = [];
  for (const path of paths) {
    const oldFile = before.get(path);
    const newFile = after.get(path);
    if (oldFile?.hash === newFile?.hash) continue;
    const status = oldFile === undefined ? 'added' : newFile === undefined ? 'removed' : 'modified';
    const oldText = decodeText(oldFile);
    const newText = decodeText(newFile);
    const oldPath = oldFile === undefined ? '/dev/null' : `a/${path}`;
    const newPath = newFile === undefined ? '/dev/null' : `b/${path}`;
    const binary = oldText === undefined || newText === undefined;
    const diff = binary
      ? `Binary files ${oldPath} and ${newPath} differ\n`
      : createUnifiedDiff({ oldPath, newPath, oldText, newText });
    files.push({ path, status, binary, diff });
  }
  return files;
}
