import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { plural } from '../app/plural.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { BudgetCard } from './budget-card.tsx';
import { filterFindings, isFiltering, NO_FILTER } from './filter-findings.ts';
import { FindingFilters } from './finding-filters.tsx';
import { groupFindings, type PlacedFinding, placeFindings } from './group-findings.ts';
import { SeveritySection } from './severity-section.tsx';
import { type DoctorReport, useDoctorReport } from './use-doctor-report.ts';
import { useFindingFilter } from './use-finding-filter.ts';

const SEVERITY_NOUNS = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['suggestion', 'suggestions'],
} as const;

function Summary({ report, findings }: { report: DoctorReport; findings: PlacedFinding[] }) {
  return (
    <Text size="sm">
      {plural(report.summary.skills, 'skill', 'skills')} checked:{' '}
      {groupFindings(findings)
        .map((group) => {
          const [one, many] = SEVERITY_NOUNS[group.severity];
          return plural(group.count, one, many);
        })
        .join(', ')}
      .
    </Text>
  );
}

function Findings({ report }: { report: DoctorReport }) {
  const [filter, setFilter] = useFindingFilter();
  const all = placeFindings(report);
  if (all.length === 0) {
    const skills = report.summary.skills;
    return (
      <Paper withBorder>
        <EmptyState title="No problems found" headingOrder={2}>
          {skills === 0
            ? 'There are no skills to check yet.'
            : skills === 1
              ? 'The one skill has no content risk, colliding description or weak trigger.'
              : `None of the ${skills} skills has a content risk, a colliding description or a weak trigger.`}
        </EmptyState>
      </Paper>
    );
  }
  const kept = filterFindings(all, filter);
  const groups = groupFindings(kept);
  return (
    <Stack gap="md">
      <Summary report={report} findings={all} />
      <Paper withBorder p="md">
        <FindingFilters findings={all} filter={filter} onChange={setFilter} />
      </Paper>
      {isFiltering(filter) ? (
        <Text size="sm" role="status">
          {plural(kept.length, 'finding matches', 'findings match')} the filters.
        </Text>
      ) : null}
      {groups.length === 0 ? (
        <Paper withBorder>
          <EmptyState
            title="No finding matches"
            headingOrder={2}
            action={
              <Button variant="light" onClick={() => setFilter(NO_FILTER)}>
                Clear the filters
              </Button>
            }
          >
            None of the {plural(all.length, 'finding', 'findings')} matches these filters.
          </EmptyState>
        </Paper>
      ) : (
        groups.map((group) => <SeveritySection key={group.severity} group={group} />)
      )}
    </Stack>
  );
}

/**
 * The workspace's health: the doctor's findings on the skills the user can read, errors first and
 * grouped by code, collapsed and filterable, beside the catalog budget.
 */
export function HealthPage() {
  const report = useDoctorReport();
  let content: React.ReactNode;
  if (report.isPending) content = <LoadingState label="Checking the skills…" />;
  else if (report.isError)
    content = (
      <ErrorState
        title="Could not check the skills"
        error={report.error}
        onRetry={() => report.refetch()}
      />
    );
  else
    content = (
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Findings report={report.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <BudgetCard report={report.data} />
        </Grid.Col>
      </Grid>
    );
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
      {content}
    </Stack>
  );
}
