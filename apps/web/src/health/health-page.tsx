import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { BudgetCard } from './budget-card.tsx';
import { FindingItem } from './finding-item.tsx';
import { groupFindings, type SeverityGroup } from './group-findings.ts';
import { useDoctorReport } from './use-doctor-report.ts';

const SEVERITY_COLOR = { error: 'red', warning: 'orange', info: 'indigo' } as const;
const SEVERITY_NOUNS = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['suggestion', 'suggestions'],
} as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function SeveritySection({ group }: { group: SeverityGroup }) {
  const headingId = `findings-${group.severity}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {group.title}
          </Title>
          <Badge variant="light" color={SEVERITY_COLOR[group.severity]} aria-hidden>
            {group.count}
          </Badge>
        </Group>
        {group.categories.map((category) => (
          <Stack key={category.category} gap="xs">
            <Title order={3} size="h6">
              {category.title}
            </Title>
            <Stack
              component="ul"
              gap="sm"
              aria-label={`${group.title}: ${category.title}`}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {category.findings.map((finding, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a skill may repeat a finding on other lines
                  key={index}
                  style={{
                    borderLeft: `3px solid var(--mantine-color-${SEVERITY_COLOR[group.severity]}-filled)`,
                    paddingLeft: 'var(--mantine-spacing-sm)',
                  }}
                >
                  <FindingItem finding={finding} />
                </li>
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The workspace's health: the doctor's findings on the skills the user can read, errors first and
 * by category, each linking to its skill, beside the catalog budget.
 */
export function HealthPage() {
  const report = useDoctorReport();
  let findings: React.ReactNode;
  if (report.isPending) findings = <LoadingState label="Checking the skills…" />;
  else if (report.isError)
    findings = (
      <ErrorState
        title="Could not check the skills"
        error={report.error}
        onRetry={() => report.refetch()}
      />
    );
  else {
    const groups = groupFindings(report.data);
    const { summary } = report.data;
    findings = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {groups.length === 0 ? (
            <Paper withBorder>
              <EmptyState title="No problems found" headingOrder={2}>
                {summary.skills === 0
                  ? 'There are no skills to check yet.'
                  : summary.skills === 1
                    ? 'The one skill has no content risk, colliding description or weak trigger.'
                    : `None of the ${summary.skills} skills has a content risk, a colliding description or a weak trigger.`}
              </EmptyState>
            </Paper>
          ) : (
            <Stack gap="md">
              <Text size="sm">
                {plural(summary.skills, 'skill', 'skills')} checked:{' '}
                {groups
                  .map((group) => {
                    const [one, many] = SEVERITY_NOUNS[group.severity];
                    return plural(group.count, one, many);
                  })
                  .join(', ')}
                .
              </Text>
              {groups.map((group) => (
                <SeveritySection key={group.severity} group={group} />
              ))}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <BudgetCard report={report.data} />
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Health
        </Title>
        <Text c="dimmed" size="sm">
          What the doctor finds in the skills you can read: content risks, colliding descriptions,
          weak triggers and the catalog budget.
        </Text>
      </div>
      {findings}
    </Stack>
  );
}
