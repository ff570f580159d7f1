import { Badge } from '@mantine/core';
import type { VersionItem } from './version-review-note.tsx';

const BADGES = {
  current: 'teal',
  proposed: 'orange',
  rejected: 'red',
} as const;

/** A version's badge: current (what agents get), proposed or rejected; none otherwise. */
export function VersionStateBadge({ item, published }: { item: VersionItem; published: number }) {
  const state =
    item.version === published
      ? 'current'
      : item.reviewState === 'proposed' || item.reviewState === 'rejected'
        ? item.reviewState
        : undefined;
  if (state === undefined) return null;
  // The label never shrinks to an ellipsis in a narrow column.
  return (
    <Badge size="xs" color={BADGES[state]} variant="light" style={{ minWidth: 'max-content' }}>
      {state}
    </Badge>
  );
}
