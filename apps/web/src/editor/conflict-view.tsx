import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useMemo } from 'react';
import { DiffView } from '../skill/diff-view.tsx';
import { sideBySideDiff } from '../skill/side-by-side-diff.ts';

/** Both versions after a save conflict, side by side, and the user's choice. */
export function ConflictView({
  theirs,
  theirVersion,
  mine,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  theirs: string;
  theirVersion: number;
  mine: string;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const rows = useMemo(() => sideBySideDiff(theirs, mine), [theirs, mine]);
  return (
    <Stack gap="sm" data-testid="conflict-view">
      <Alert
        color="orange"
        variant="light"
        icon={<IconGitMerge size={18} aria-hidden />}
        title="Someone else saved this skill while you were editing"
        role="alert"
      >
        <Stack gap="xs">
          <Text size="sm">
            Version {theirVersion} is now current. Compare it with your text, then keep yours (it
            replaces version {theirVersion}) or take theirs (your changes are dropped).
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={onKeepMine} loading={busy}>
              Keep mine
            </Button>
            <Button size="xs" variant="default" onClick={onTakeTheirs} disabled={busy}>
              Take theirs
            </Button>
          </Group>
        </Stack>
      </Alert>
      <DiffView rows={rows} before={`Theirs (version ${theirVersion})`} after="Yours" />
    </Stack>
  );
}
