import { Badge, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { Fragment } from 'react';
import { FindingCodeGroup } from './finding-code-group.tsx';
import type { SeverityGroup } from './group-findings.ts';
import { SEVERITY_COLOR } from './severity-color.ts';

/** The findings of one severity: a region titled `Errors`, `Warnings` or `Suggestions`, by code. */
export function SeveritySection({ group }: { group: SeverityGroup }) {
  const headingId = `findings-${group.severity}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {group.title}
          </Title>
          <Badge variant="light" color={SEVERITY_COLOR[group.severity]} aria-hidden>
            {group.count.toLocaleString('en')}
          </Badge>
        </Group>
        {group.codes.map((code, index) => (
          <Fragment key={code.code}>
            {index === 0 ? null : <Divider />}
            <FindingCodeGroup group={code} severity={group.severity} severityTitle={group.title} />
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}
