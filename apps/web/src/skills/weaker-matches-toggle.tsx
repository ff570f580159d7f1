import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';

/** The "N weaker matches" button under a library search's confident matches; it unfolds the rest. */
export function WeakerMatchesToggle({
  count,
  expanded,
  onToggle,
}: {
  count: number;
  expanded: boolean;
  onToggle: () => void;
}) {
  const Icon = expanded ? IconChevronUp : IconChevronDown;
  return (
    <Button
      variant="subtle"
      size="sm"
      onClick={onToggle}
      aria-expanded={expanded}
      leftSection={<Icon size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {expanded
        ? 'Hide the weaker matches'
        : `${count.toLocaleString()} weaker ${count === 1 ? 'match' : 'matches'}`}
    </Button>
  );
}
