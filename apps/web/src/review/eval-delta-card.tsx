import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { type ShareDelta, shareDelta } from './eval-delta.ts';
import type { ProposalReviewData } from './proposal-review-data.ts';

// The theme's `-text` shades reach 4.5:1 on white.
const COLOR = {
  up: 'var(--mantine-color-teal-text)',
  down: 'var(--mantine-color-red-text)',
  same: 'var(--mantine-color-gray-7)',
  unknown: 'var(--mantine-color-gray-7)',
} as const;

function Delta({ label, delta }: { label: string; delta: ShareDelta }) {
  const Icon =
    delta.direction === 'up'
      ? IconArrowUpRight
      : delta.direction === 'down'
        ? IconArrowDownRight
        : IconArrowRight;
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Text span fw={600}>
          {delta.before} → {delta.after}
        </Text>
        {delta.change === '' ? null : (
          <Text span size="sm" c={COLOR[delta.direction]} ml={6} style={{ whiteSpace: 'nowrap' }}>
            <Icon size={14} aria-hidden style={{ verticalAlign: -2 }} /> {delta.change}
          </Text>
        )}
      </Text>
    </div>
  );
}

/** The trigger eval of the published and the proposed description: recall and precision, before → after. */
export function EvalDeltaCard({ result }: { result: NonNullable<ProposalReviewData['eval']> }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="eval-delta">
      <Stack gap="xs">
        <Title order={2} size="h5" id="eval-delta">
          Trigger eval
        </Title>
        <Text size="sm" c="gray.7">
          {result.cases} {result.cases === 1 ? 'query' : 'queries'} of evals/triggers.json, ranked
          with the {result.before === null ? 'proposed' : 'published, then the proposed,'}{' '}
          description.
        </Text>
        <Group component="dl" gap="xl" m={0} style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Delta label="Recall" delta={shareDelta(result.before?.recall, result.after.recall)} />
          <Delta
            label="Precision"
            delta={shareDelta(result.before?.precision, result.after.precision)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
