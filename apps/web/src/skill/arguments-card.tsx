import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { skillArgumentRows } from './skill-argument-rows.ts';

/** The skill's declared `arguments` as a table; nothing when it declares none. */
export function ArgumentsCard({ manifest }: { manifest: Record<string, unknown> }) {
  const rows = skillArgumentRows(manifest);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Arguments
        </Title>
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing={6} fz="sm" aria-label="Arguments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Required</Table.Th>
                <Table.Th>Default / allowed</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'nowrap' }}>{row.name}</Code>
                  </Table.Td>
                  <Table.Td>{row.type}</Table.Td>
                  <Table.Td>
                    {row.required ? (
                      <Text span size="sm" fw={600}>
                        required
                      </Text>
                    ) : (
                      'optional'
                    )}
                  </Table.Td>
                  <Table.Td>{row.values}</Table.Td>
                  <Table.Td dir="auto">{row.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
