import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { TraceRow } from './group-trace-entries.ts';

function OutcomeBadge({ listed }: { listed: boolean }) {
  return (
    <Badge size="xs" variant="light" color={listed ? 'teal' : 'red'} style={{ flexShrink: 0 }}>
      {listed ? 'listed' : 'hidden'}
    </Badge>
  );
}

function TraceGroupView({ row }: { row: Extract<TraceRow, { kind: 'group' }> }) {
  const [expanded, setExpanded] = useState(false);
  const namesId = useId();
  const count = row.entries.length;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <OutcomeBadge listed={row.listed} />
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          <strong>{count} skills</strong> {row.reason}
        </Text>
      </Group>
      <Button
        variant="default"
        size="compact-xs"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={expanded}
        aria-controls={expanded ? namesId : undefined}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? `Hide the ${count} names` : `Show the ${count} names`}
      </Button>
      {expanded ? (
        <Group
          id={namesId}
          component="ul"
          gap={4}
          aria-label={`${count} skills: ${row.reason}`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {row.entries.map((entry) => (
            <li key={entry.skill}>
              <Code>{entry.skill}</Code>
            </li>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** One row of the policy trace: a skill with its outcome and reason, or a group to expand. */
export function TraceRowView({ row }: { row: TraceRow }) {
  if (row.kind === 'group') return <TraceGroupView row={row} />;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <OutcomeBadge listed={row.entry.listed} />
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        <Code>{row.entry.skill}</Code> {row.entry.reason}
      </Text>
    </Group>
  );
}
