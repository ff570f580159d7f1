import { Anchor, Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useShowAll } from '../usage/use-show-all.ts';
import { type ReportScope, skillLinkPath } from './skill-link-path.ts';
import type { DoctorReport } from './use-doctor-report.ts';

type Budget = DoctorReport['budgets'][number];

const numbers = new Intl.NumberFormat('en');

function budgetTitle(budget: Budget): string {
  return budget.unit === 'tokens'
    ? 'Skillset’s catalog'
    : `A ${numbers.format(budget.limit)}-character listing`;
}

function budgetFigures(budget: Budget): string {
  const percent = Math.round((budget.needed / Math.max(1, budget.limit)) * 100);
  return `${numbers.format(budget.needed)} of ${numbers.format(budget.limit)} ${budget.unit} (${percent}%)`;
}

function SkillNames({
  label,
  names,
  scopes,
}: {
  label: string;
  names: readonly string[];
  scopes: ReadonlyMap<string, ReportScope>;
}) {
  const { shown, hidden, showAll } = useShowAll(names, 12);
  if (names.length === 0) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {label} ({names.length}):{' '}
        {shown.map((name, index) => (
          <Fragment key={name}>
            {index === 0 ? '' : ', '}
            <Anchor component={Link} to={skillLinkPath(name, scopes.get(name))} inherit>
              {name}
            </Anchor>
          </Fragment>
        ))}
        {hidden === 0 ? '' : ` and ${hidden} more`}
      </Text>
      {hidden === 0 ? null : (
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={showAll}
          aria-label={`Show all ${names.length}: ${label.toLowerCase()}`}
        >
          Show all {names.length}
        </Button>
      )}
    </Stack>
  );
}

/**
 * How much of each catalog budget the skills need with full descriptions, and which skills lose
 * their description or their place when it runs out.
 */
export function BudgetCard({ report }: { report: DoctorReport }) {
  const scopes = new Map(report.skills.map((skill) => [skill.name, skill.scope]));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="catalog-budget-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="catalog-budget-heading">
            Catalog budget
          </Title>
          <Text size="sm" c="dimmed">
            What the {report.summary.skills === 1 ? 'skill needs' : 'skills need'} with full
            descriptions; past a budget, descriptions are dropped, then skills.
          </Text>
        </div>
        {report.budgets.map((budget) => {
          const over = budget.needed > budget.limit;
          return (
            <Stack key={`${budget.unit}-${budget.limit}`} gap={4}>
              <Text size="sm" fw={600}>
                {budgetTitle(budget)}
              </Text>
              <Text size="sm">{budgetFigures(budget)}</Text>
              <Progress
                aria-hidden
                value={Math.min(100, (budget.needed / Math.max(1, budget.limit)) * 100)}
                color={over ? 'red' : 'indigo'}
                size="sm"
              />
              {over ? null : (
                <Text size="sm" c="dimmed">
                  Every description fits.
                </Text>
              )}
              <SkillNames
                label="Listed without a description"
                names={budget.withoutDescription}
                scopes={scopes}
              />
              <SkillNames label="Left out" names={budget.omitted} scopes={scopes} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
