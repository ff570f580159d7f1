import { Text } from '@mantine/core';

/** What a version's review says: its state (null: published when written, without review). */
export type VersionItem = {
  version: number;
  reviewState: 'proposed' | 'published' | 'rejected' | null;
};

/** Whether a version is or was published: written without review, or published after it. */
export const wasPublished = (item: VersionItem) =>
  item.reviewState === null || item.reviewState === 'published';

/** The review note under a version's change note: why it was rejected, or the publisher's note. */
export function VersionReviewNote({
  state,
  note,
}: {
  state: VersionItem['reviewState'];
  note: string | null;
}) {
  if (state === 'rejected') {
    return (
      <Text size="xs" c="red.9" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
        Rejected{note === null ? '.' : `: ${note}`}
      </Text>
    );
  }
  if (state === 'published' && note !== null) {
    return (
      <Text size="xs" c="gray.7" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
        Review note: {note}
      </Text>
    );
  }
  return null;
}
