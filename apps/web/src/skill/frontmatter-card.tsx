import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { frontmatterRows } from './frontmatter-rows.ts';

/** The skill's frontmatter as a two-column table. */
export function FrontmatterCard({ manifest }: { manifest: Record<string, unknown> }) {
  const rows = frontmatterRows(manifest);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Frontmatter
        </Title>
        <Table layout="fixed" verticalSpacing={6} fz="sm" aria-label="Frontmatter">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th w="40%" style={{ verticalAlign: 'top' }}>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {row.key}
                  </Text>
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
