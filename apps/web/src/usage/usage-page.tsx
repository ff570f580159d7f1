import { Grid, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { DailyUsageChart } from './daily-usage-chart.tsx';
import { FailuresTable } from './failures-table.tsx';
import { PrincipalsTable } from './principals-table.tsx';
import { TopSkillsTable } from './top-skills-table.tsx';
import { UnusedSkillsList } from './unused-skills-list.tsx';
import { readUsagePeriod, USAGE_PERIODS } from './usage-period.ts';
import { type UsageSummary, useUsageSummary } from './use-usage-summary.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function UsageSections({ summary }: { summary: UsageSummary }) {
  return (
    <Stack gap="md">
      <Section id="usage-per-day" title="Uses per day">
        <DailyUsageChart days={summary.daily} />
      </Section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section id="usage-top-skills" title="Top skills">
            <TopSkillsTable skills={summary.skills} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section id="usage-principals" title="People and agents">
            <PrincipalsTable principals={summary.principals} />
          </Section>
        </Grid.Col>
      </Grid>
      <Section id="usage-failures" title={`Failures (${summary.failures})`}>
        <FailuresTable failed={summary.failed} />
      </Section>
      <Section id="usage-unused" title={`Unused skills (${summary.unused.length})`}>
        <Text size="sm" c="dimmed">
          Enabled skills you can see that nobody used or tried in this period.
        </Text>
        <UnusedSkillsList names={summary.unused} />
      </Section>
    </Stack>
  );
}

/**
 * The workspace's skill usage over 7, 30 or 90 days: uses per day, the top skills, who used
 * them, the failed attempts, and the skills nobody used.
 */
export function UsagePage() {
  const [params, setParams] = useSearchParams();
  const days = readUsagePeriod(params.get('days'));
  const summary = useUsageSummary(days);
  let content: ReactNode;
  if (summary.isPending) content = <LoadingState label="Loading usage…" />;
  else if (summary.isError)
    content = (
      <ErrorState
        title="Could not load usage"
        error={summary.error}
        onRetry={() => summary.refetch()}
      />
    );
  else content = <UsageSections summary={summary.data} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ flex: '1 1 20rem' }}>
          <Title order={1} size="h2">
            Usage
          </Title>
          <Text c="dimmed" size="sm">
            How often the workspace’s skills were used, by whom, and which attempts failed.
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} id="usage-period-label">
            Period
          </Text>
          <SegmentedControl
            aria-labelledby="usage-period-label"
            value={String(days)}
            onChange={(value) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('days', value);
                return next;
              })
            }
            data={USAGE_PERIODS.map((period) => ({
              value: String(period),
              label: `${period} days`,
            }))}
          />
        </Group>
      </Group>
      {summary.isSuccess ? (
        <Text size="sm" aria-live="polite">
          {summary.data.total} {summary.data.total === 1 ? 'use' : 'uses'} and{' '}
          {summary.data.failures} {summary.data.failures === 1 ? 'failure' : 'failures'} in the last{' '}
          {summary.data.days} days
          {summary.isPlaceholderData ? ' (updating…)' : '.'}
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}
