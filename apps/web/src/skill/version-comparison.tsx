import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { diffLines } from '../diff/diff-lines.ts';
import { FileDiffView } from '../diff/file-diff-view.tsx';
import { foldDiffLines } from '../diff/fold-diff-lines.ts';
import { UnifiedDiffView } from '../diff/unified-diff-view.tsx';
import { type SkillKey, useSkillDiff, useSkillVersion } from './skill-queries.ts';

/**
 * The changes from one version of a skill to another, as the review page shows them: SKILL.md
 * line by line with unchanged stretches folded, then every other changed file.
 */
export function VersionComparison({
  skill,
  from,
  to,
}: {
  skill: SkillKey;
  from: number;
  to: number;
}) {
  const before = useSkillVersion(skill, from);
  const after = useSkillVersion(skill, to);
  const diff = useSkillDiff(skill, from, to);
  const beforeContent = before.data?.content;
  const afterContent = after.data?.content;
  const skillMd = useMemo(
    () => foldDiffLines(diffLines(beforeContent ?? '', afterContent ?? '')),
    [beforeContent, afterContent],
  );
  if (before.isError || after.isError) {
    return <ErrorState error={before.error ?? after.error} />;
  }
  if (beforeContent === undefined || afterContent === undefined) {
    return <LoadingState label="Loading the versions…" />;
  }
  const files = diff.data?.files ?? [];
  const skillMdStatus = files.find((file) => file.path === 'SKILL.md')?.status ?? 'modified';
  return (
    <Stack gap="sm">
      {beforeContent === afterContent ? (
        <Text size="sm" c="dimmed">
          SKILL.md is the same in both versions.
        </Text>
      ) : (
        <UnifiedDiffView title="SKILL.md" status={skillMdStatus} blocks={skillMd} />
      )}
      {files
        .filter((file) => file.path !== 'SKILL.md')
        .map((file) => (
          <FileDiffView key={file.path} file={file} />
        ))}
    </Stack>
  );
}
