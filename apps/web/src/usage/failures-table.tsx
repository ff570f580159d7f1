import { Anchor, Button, Code, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { skillLinkPath } from '../health/skill-link-path.ts';
import { describeFailure } from './describe-failure.ts';
import { useShowAll } from './use-show-all.ts';
import type { UsageSummary } from './use-usage-summary.ts';

const times = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The failed attempts of the period per skill and error, the most recent first. */
export function FailuresTable({ failed }: { failed: UsageSummary['failed'] }) {
  const { shown, hidden, showAll } = useShowAll(failed, 10);
  if (failed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attempt failed in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Table.ScrollContainer minWidth={0} w="100%">
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Failures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Skill</Table.Th>
              <Table.Th scope="col">What went wrong</Table.Th>
              <Table.Th scope="col" ta="right">
                Times
              </Table.Th>
              <Table.Th scope="col">Last</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={`${row.skill}|${row.outcome}`}>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7ch' }}>
                  {row.outcome === 'unknown_skill' ? (
                    row.skill
                  ) : (
                    <Anchor component={Link} to={skillLinkPath(row.skill)} inherit>
                      {row.skill}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  {describeFailure(row.outcome)} <Code>{row.outcome}</Code>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.count}
                </Table.Td>
                <Table.Td>{times.format(new Date(row.lastAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden === 0 ? null : (
        <Button variant="subtle" size="compact-sm" onClick={showAll}>
          Show all {failed.length} failures
        </Button>
      )}
    </Stack>
  );
}
