import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PlacedFinding } from './group-findings.ts';
import { skillLinkPath } from './skill-link-path.ts';

function Location({ finding }: { finding: PlacedFinding }) {
  if (finding.file === undefined) return null;
  const label = finding.line === undefined ? finding.file : `${finding.file}, line ${finding.line}`;
  if (finding.skill === undefined || finding.file === 'SKILL.md') {
    return (
      <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={skillLinkPath(finding.skill, finding.scope, finding.file)}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {label}
    </Anchor>
  );
}

/** One finding: its skill (a link) and where in it, what is wrong, and the fix. */
export function FindingItem({ finding }: { finding: PlacedFinding }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" align="baseline">
        {finding.skill === undefined ? (
          <Text span fw={600} size="sm">
            All skills
          </Text>
        ) : (
          <Anchor
            component={Link}
            to={skillLinkPath(finding.skill, finding.scope)}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {finding.skill}
          </Anchor>
        )}
        <Location finding={finding} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {finding.message}
      </Text>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600} inherit>
          Fix:
        </Text>{' '}
        {finding.fix}
      </Text>
    </Stack>
  );
}
