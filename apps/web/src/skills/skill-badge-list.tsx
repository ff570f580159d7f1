import { Badge, Group, Tooltip } from '@mantine/core';
import { type BadgeSource, skillBadges } from './skill-badges.ts';

/** The badges of a skill as a wrapping row. */
export function SkillBadgeList({ skill }: { skill: BadgeSource }) {
  return (
    <Group gap={6}>
      {skillBadges(skill).map((badge) => (
        <Tooltip key={badge.label} label={badge.title} withArrow openDelay={300}>
          <Badge color={badge.color} variant="light" size="sm" radius="sm" tt="none">
            {badge.label}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
