import { Stack } from '@mantine/core';
import type { SkillSummary } from '../api/client.ts';
import { SkillListItem } from './skill-list-item.tsx';

/** The library as a list of cards: name, description, badges and on/off switch. */
export function SkillCardList({ skills }: { skills: SkillSummary[] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Skills"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {skills.map((skill) => (
        <li key={`${skill.scope}:${skill.name}`}>
          <SkillListItem skill={skill} />
        </li>
      ))}
    </Stack>
  );
}
