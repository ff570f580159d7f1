import { Button, Stack, Table, Text } from '@mantine/core';
import { PrincipalName } from './principal-name.tsx';
import { useShowAll } from './use-show-all.ts';
import type { UsageSummary } from './use-usage-summary.ts';

const KIND_LABEL = { user: 'Person', agent: 'Agent' } as const;

/** Who used skills in the period, people and agents, most active first. */
export function PrincipalsTable({ principals }: { principals: UsageSummary['principals'] }) {
  const { shown, hidden, showAll } = useShowAll(principals, 10);
  if (principals.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody used a skill in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Table.ScrollContainer minWidth={0} w="100%">
        <Table
          verticalSpacing="xs"
          horizontalSpacing="xs"
          fz="sm"
          aria-label="Uses per person and agent"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col" ta="right">
                Uses
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Failures
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((principal) => (
              <Table.Tr key={`${principal.kind}:${principal.id}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <PrincipalName principal={principal} />
                </Table.Td>
                <Table.Td>{principal.kind === null ? '—' : KIND_LABEL[principal.kind]}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {principal.uses}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {principal.failures}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden === 0 ? null : (
        <Button variant="subtle" size="compact-sm" onClick={showAll}>
          Show all {principals.length}
        </Button>
      )}
    </Stack>
  );
}
