import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProposalReviewData } from './proposal-review-data.ts';

const SEVERITY = {
  error: { color: 'red', label: 'Error' },
  warning: { color: 'orange', label: 'Warning' },
  info: { color: 'gray', label: 'Info' },
} as const;

/** What the doctor finds in the proposed revision on its own: format, trigger quality, risks. */
export function ProposalFindingsCard({ findings }: { findings: ProposalReviewData['findings'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="proposal-findings">
      <Stack gap="xs">
        <Title order={2} size="h5" id="proposal-findings">
          Doctor findings ({findings.length})
        </Title>
        {findings.length === 0 ? (
          <Text size="sm" c="gray.7">
            The doctor finds nothing to fix in this revision.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {findings.map((finding, index) => (
              <Stack
                component="li"
                // biome-ignore lint/suspicious/noArrayIndexKey: one fixed list from the server
                key={index}
                gap={2}
              >
                <Group gap={6} wrap="wrap">
                  <Badge size="xs" variant="light" color={SEVERITY[finding.severity].color}>
                    {SEVERITY[finding.severity].label}
                  </Badge>
                  <Code fz="xs" c="gray.8">
                    {finding.code}
                  </Code>
                  {finding.file === undefined ? null : (
                    <Text span size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {finding.line === undefined
                        ? finding.file
                        : `${finding.file}, line ${finding.line}`}
                    </Text>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {finding.message}
                </Text>
                {finding.fix === undefined ? null : (
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} inherit>
                      Fix:
                    </Text>{' '}
                    {finding.fix}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
