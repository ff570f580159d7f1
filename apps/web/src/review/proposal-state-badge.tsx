import { Badge } from '@mantine/core';
import type { RevisionInReview } from './proposal-queries.ts';

const STATES = {
  proposed: { label: 'Waiting for review', color: 'orange' },
  rejected: { label: 'Rejected', color: 'red' },
  published: { label: 'Published', color: 'teal' },
} as const;

/** A revision's review state as a badge: waiting for review, rejected or published. */
export function ProposalStateBadge({ state }: { state: RevisionInReview['state'] }) {
  return (
    <Badge variant="light" color={STATES[state].color} tt="none" style={{ flexShrink: 0 }}>
      {STATES[state].label}
    </Badge>
  );
}
