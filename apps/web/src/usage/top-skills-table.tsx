import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { skillLinkPath } from '../health/skill-link-path.ts';
import { useShowAll } from './use-show-all.ts';
import type { UsageSummary } from './use-usage-summary.ts';

const times = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The skills used or tried in the period, most used first: uses, failures and the last attempt. */
export function TopSkillsTable({ skills }: { skills: UsageSummary['skills'] }) {
  const { shown, hidden, showAll } = useShowAll(skills, 10);
  if (skills.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No skill was used in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Table.ScrollContainer minWidth={0} w="100%">
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Top skills">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Skill</Table.Th>
              <Table.Th scope="col" ta="right">
                Uses
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Failures
              </Table.Th>
              <Table.Th scope="col">Last attempt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.skill}>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7ch' }}>
                  <Anchor component={Link} to={skillLinkPath(row.skill)} inherit>
                    {row.skill}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.uses}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.failures}
                </Table.Td>
                <Table.Td>{times.format(new Date(row.lastUsedAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden === 0 ? null : (
        <Button variant="subtle" size="compact-sm" onClick={showAll}>
          Show all {skills.length} skills
        </Button>
      )}
    </Stack>
  );
}
