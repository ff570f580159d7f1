import { Anchor, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SkillSummary } from '../api/client.ts';
import { matchReason } from './match-reason.ts';
import { SkillBadgeList } from './skill-badge-list.tsx';
import { skillPath } from './skill-path.ts';
import { useToggleSkill } from './use-toggle-skill.tsx';

/** One skill in the library: its name (a link), description, badges and on/off switch. */
export function SkillListItem({ skill }: { skill: SkillSummary }) {
  const toggle = useToggleSkill();
  const enabled = toggle.isPending ? toggle.variables.enabled : skill.enabled;
  return (
    <Paper withBorder p="md" style={{ opacity: skill.enabled ? 1 : 0.75 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={skillPath(skill)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {skill.name}
            </Anchor>
            <SkillBadgeList skill={skill} />
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {skill.description}
          </Text>
          {matchReason(skill.match) === undefined ? null : (
            <Text size="xs" c="dimmed" data-testid="match-reason">
              {matchReason(skill.match)}
            </Text>
          )}
          {skill.tags.length > 0 || skill.category !== null ? (
            <Text size="xs" c="dimmed">
              {[skill.category, ...skill.tags.map((tag) => `#${tag}`)].filter(Boolean).join('  ')}
            </Text>
          ) : null}
        </Stack>
        {/* Never disabled while saving: a disabled switch drops the keyboard focus to the page. */}
        <Switch
          aria-label={`${skill.name} enabled`}
          checked={enabled}
          aria-busy={toggle.isPending}
          onChange={(event) => {
            if (toggle.isPending) return;
            toggle.mutate({
              name: skill.name,
              scope: skill.scope,
              enabled: event.currentTarget.checked,
            });
          }}
          label={enabled ? 'On' : 'Off'}
          labelPosition="left"
          size="sm"
        />
      </Group>
    </Paper>
  );
}
