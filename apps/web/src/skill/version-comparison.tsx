import { Badge, Code, Stack, Text } from '@mantine/core';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { DiffView } from './diff-view.tsx';
import { sideBySideDiff } from './side-by-side-diff.ts';
import { type SkillKey, useSkillDiff, useSkillVersion } from './skill-queries.ts';

/** Two versions of a skill side by side: SKILL.md line by line, then every other changed file. */
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
  const otherFiles = (diff.data?.files ?? []).filter((file) => file.path !== 'SKILL.md');
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        SKILL.md
      </Text>
      {before.data.content === after.data.content ? (
        <Text size="sm" c="dimmed">
          SKILL.md is the same in both versions.
        </Text>
      ) : (
        <DiffView
          rows={sideBySideDiff(before.data.content, after.data.content)}
          before={`Version ${from}`}
          after={`Version ${to}`}
        />
      )}
      {otherFiles.map((file) => (
        <Stack gap={4} key={file.path}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.path}{' '}
            <Badge size="xs" variant="light" tt="none">
              {file.status}
            </Badge>
          </Text>
          {file.binary ? (
            <Text size="sm" c="dimmed">
              Binary file changed.
            </Text>
          ) : (
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {file.diff}
            </Code>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
