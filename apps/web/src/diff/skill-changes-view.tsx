import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { diffLines } from './diff-lines.ts';
import { type FileDiff, FileDiffView } from './file-diff-view.tsx';
import { foldDiffLines } from './fold-diff-lines.ts';
import { UnifiedDiffView } from './unified-diff-view.tsx';

/**
 * A skill's changes as the review page and the Versions tab show them: SKILL.md line by line
 * with unchanged stretches folded and changed words marked, then every other changed file.
 */
export function SkillChangesView({
  before,
  after,
  skillMdStatus,
  files,
  sameSkillMd,
}: {
  before: string;
  after: string;
  /** SKILL.md's status among the changed files; undefined when it did not change. */
  skillMdStatus: string | undefined;
  files: readonly FileDiff[];
  /** What to say when SKILL.md did not change. */
  sameSkillMd: string;
}) {
  const skillMd = useMemo(() => foldDiffLines(diffLines(before, after)), [before, after]);
  return (
    <>
      {skillMdStatus === undefined ? (
        <Text size="sm" c="gray.7">
          {sameSkillMd}
        </Text>
      ) : (
        <UnifiedDiffView title="SKILL.md" status={skillMdStatus} blocks={skillMd} />
      )}
      {files
        .filter((file) => file.path !== 'SKILL.md')
        .map((file) => (
          <FileDiffView key={file.path} file={file} />
        ))}
    </>
  );
}
