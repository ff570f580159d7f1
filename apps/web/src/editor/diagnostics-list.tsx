import { Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { SkillDiagnostic } from './skill-diagnostics.ts';

/** Every validation issue of a `SKILL.md`, with its place, as `skillset validate` lists them. */
export function DiagnosticsList({
  diagnostics,
  file = 'SKILL.md',
}: {
  diagnostics: readonly Pick<
    SkillDiagnostic,
    'code' | 'severity' | 'message' | 'line' | 'column'
  >[];
  file?: string;
}) {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return (
    <Paper withBorder p="sm" aria-labelledby="diagnostics-title">
      <Group justify="space-between" mb={diagnostics.length === 0 ? 0 : 'xs'} gap="xs">
        <Title order={2} size="h5" id="diagnostics-title">
          Validation
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="diagnostics-summary">
          {diagnostics.length === 0
            ? 'No issues'
            : `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`}
        </Text>
      </Group>
      {diagnostics.length === 0 ? (
        <Group gap={6} c="teal">
          <IconCircleCheck size={18} aria-hidden />
          <Text size="sm">Valid: ready to save.</Text>
        </Group>
      ) : (
        <List spacing={6} listStyleType="none" data-testid="diagnostics">
          {diagnostics.map((diagnostic, index) => (
            <List.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: issues of one validation, in order
              key={index}
              data-code={diagnostic.code}
              data-severity={diagnostic.severity}
            >
              <Group gap={8} wrap="nowrap" align="flex-start">
                <Badge
                  size="sm"
                  variant="light"
                  color={diagnostic.severity === 'error' ? 'red' : 'yellow'}
                  style={{ flexShrink: 0 }}
                >
                  {diagnostic.severity}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span ff="monospace" size="xs" c="dimmed">
                    {file}
                    {diagnostic.line === null || diagnostic.line === undefined
                      ? ''
                      : `:${diagnostic.line}${diagnostic.column ? `:${diagnostic.column}` : ''}`}
                  </Text>{' '}
                  {diagnostic.message}{' '}
                  <Text span size="xs" c="dimmed">
                    [{diagnostic.code}]
                  </Text>
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
