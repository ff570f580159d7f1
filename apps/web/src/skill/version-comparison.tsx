import { Stack } from '@mantine/core';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { SkillChangesView } from '../diff/skill-changes-view.tsx';
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
  if (before.isError || after.isError) {
    return <ErrorState error={before.error ?? after.error} />;
  }
  if (before.data === undefined || after.data === undefined) {
    return <LoadingState label="Loading the versions…" />;
  }
  const files = diff.data?.files ?? [];
  const skillMdStatus =
    before.data.content === after.data.content
      ? undefined
      : (files.find((file) => file.path === 'SKILL.md')?.status ?? 'modified');
  return (
    <Stack gap="sm">
      <SkillChangesView
        before={before.data.content}
        after={after.data.content}
        skillMdStatus={skillMdStatus}
        files={files}
        sameSkillMd="SKILL.md is the same in both versions."
      />
    </Stack>
  );
}
