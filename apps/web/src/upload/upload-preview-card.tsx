import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DiagnosticsList } from '../editor/diagnostics-list.tsx';
import { SignatureBadge } from '../skill/signature-badge.tsx';
import type { UploadPreview } from './upload-requests.ts';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What an upload will create: name, description, signature, folder, files and every validation issue. */
export function UploadPreviewCard({ preview }: { preview: UploadPreview }) {
  return (
    <Stack gap="sm" data-testid="upload-preview">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" align="flex-start">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {preview.name ?? 'No readable name'}
            </Title>
            <Badge color={preview.valid ? 'teal' : 'red'} variant="light">
              {preview.valid ? 'Ready to save' : 'Cannot be saved'}
            </Badge>
          </Group>
          {preview.description === null ? null : (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {preview.description}
            </Text>
          )}
          {preview.signature === undefined ? null : (
            <SignatureBadge signature={preview.signature} />
          )}
          {preview.folderName === null ? null : (
            <Text size="sm">
              Folder in the ZIP:{' '}
              <Text span ff="monospace">
                {preview.folderName}/
              </Text>
            </Text>
          )}
        </Stack>
      </Paper>
      {preview.existing === null ? null : (
        <Alert color="blue" variant="light" title="This skill exists">
          The {preview.existing.scope} skill {preview.name} is at version {preview.existing.version}
          .
        </Alert>
      )}
      <DiagnosticsList
        diagnostics={preview.issues.map((issue) => ({
          ...issue,
          line: issue.line ?? null,
          column: issue.column ?? null,
        }))}
      />
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="xs">
          Files ({preview.files.length})
        </Title>
        <Table.ScrollContainer minWidth={0}>
          <Table striped verticalSpacing={4} aria-label="Files in the upload">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Path</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.files.map((file) => (
                <Table.Tr key={file.path}>
                  <Table.Td ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.path}
                  </Table.Td>
                  <Table.Td ta="right" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(file.size)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
