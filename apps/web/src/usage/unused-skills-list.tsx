import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { skillLinkPath } from '../health/skill-link-path.ts';
import { useShowAll } from './use-show-all.ts';

/** The enabled skills nobody used in the period, as links to their pages. */
export function UnusedSkillsList({ names }: { names: readonly string[] }) {
  const { shown, hidden, showAll } = useShowAll(names, 30);
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every enabled skill was used in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Box
        component="ul"
        aria-label="Unused skills"
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
          gap: '4px var(--mantine-spacing-md)',
          width: '100%',
        }}
      >
        {shown.map((name) => (
          <li key={name} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={skillLinkPath(name)} size="sm">
              {name}
            </Anchor>
          </li>
        ))}
      </Box>
      {hidden === 0 ? null : (
        <Button variant="subtle" size="compact-sm" onClick={showAll}>
          Show all {names.length} unused skills
        </Button>
      )}
    </Stack>
  );
}
