import { Code, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { sideBySideDiff } from '../diff/side-by-side-diff.ts';
import { SideBySideDiffView } from '../diff/side-by-side-diff-view.tsx';
import { mergePartLabel } from './merge-part-label.ts';
import type { MergePart, MergeSide } from './merge-skill-text.ts';

function SideText({ title, text }: { title: string; text: string | undefined }) {
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text size="xs" fw={600}>
        {title}
      </Text>
      {text === undefined ? (
        <Text size="sm" c="dimmed" fs="italic">
          Not set (removed)
        </Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text.replace(/\n$/, '')}
        </Code>
      )}
    </Stack>
  );
}

/** One part both sides changed: their text and mine, and the user's pick between them. */
export function ConflictPart({
  part,
  theirVersion,
  choice,
  onChoose,
}: {
  part: MergePart;
  theirVersion: number;
  choice: MergeSide | undefined;
  onChoose: (side: MergeSide) => void;
}) {
  const label = mergePartLabel(part);
  const rows = useMemo(
    () => (part.kind === 'field' ? [] : sideBySideDiff(part.theirs ?? '', part.mine ?? '')),
    [part],
  );
  return (
    <Paper withBorder p="sm" data-testid="conflict-part" data-part={part.id}>
      <Stack gap="sm">
        <Radio.Group
          label={part.kind === 'field' ? `Field ${label}` : label}
          description="You both changed it. Keep whose text?"
          value={choice ?? null}
          onChange={(value) => onChoose(value === 'mine' ? 'mine' : 'theirs')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="mine" label="Mine" />
            <Radio value="theirs" label={`Theirs (version ${theirVersion})`} />
          </Group>
        </Radio.Group>
        {part.kind === 'field' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SideText title="Mine" text={part.mine} />
            <SideText title={`Theirs (version ${theirVersion})`} text={part.theirs} />
          </SimpleGrid>
        ) : (
          <SideBySideDiffView
            rows={rows}
            before={`Theirs (version ${theirVersion})`}
            after="Mine"
          />
        )}
      </Stack>
    </Paper>
  );
}
