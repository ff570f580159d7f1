import {
  Alert,
  Button,
  Collapse,
  Divider,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { sideBySideDiff } from '../diff/side-by-side-diff.ts';
import { SideBySideDiffView } from '../diff/side-by-side-diff-view.tsx';
import { ConflictPart } from './conflict-part.tsx';
import { mergePartLabel } from './merge-part-label.ts';
import type { MergeSide, SkillMerge } from './merge-skill-text.ts';

/** Props of {@link ConflictView}. */
export interface ConflictViewProps {
  merge: SkillMerge;
  theirVersion: number;
  choices: Readonly<Record<string, MergeSide>>;
  onChoose: (id: string, side: MergeSide) => void;
  busy: boolean;
  onSaveMerged: () => void;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * A save conflict: what merged on its own, a pick per part both sides changed, and the whole-text
 * choices (keep mine, take theirs) with both texts side by side.
 */
export function ConflictView({
  merge,
  theirVersion,
  choices,
  onChoose,
  busy,
  onSaveMerged,
  onKeepMine,
  onTakeTheirs,
}: ConflictViewProps) {
  const [comparing, setComparing] = useState(false);
  const rows = useMemo(
    () => (comparing ? sideBySideDiff(merge.texts.theirs, merge.texts.mine) : []),
    [comparing, merge.texts],
  );
  const open = merge.conflicts.filter((part) => choices[part.id] === undefined).length;
  return (
    <Stack gap="sm" data-testid="conflict-view">
      <Alert
        color="orange"
        variant="light"
        icon={<IconGitMerge size={18} aria-hidden />}
        title="Someone else saved this skill while you were editing"
        role="alert"
      >
        <Text size="sm">
          Version {theirVersion} is now current.{' '}
          {merge.conflicts.length === 0
            ? 'Your changes and theirs touch different parts, so they merge: save the merged version.'
            : `You both changed ${merge.conflicts.length === 1 ? 'one part' : `${merge.conflicts.length} parts`}: choose whose text to keep for each, then save the merged version.`}
        </Text>
      </Alert>
      {merge.merged.length === 0 ? null : (
        <Paper withBorder p="sm" data-testid="merged-parts">
          <Title order={2} size="h6" mb={4}>
            Merged on their own
          </Title>
          <List size="sm" spacing={2}>
            {merge.merged.map((part) => (
              <List.Item key={part.id}>
                <Text span size="sm" fw={600}>
                  {mergePartLabel(part)}
                </Text>
                {part.from === 'mine'
                  ? ': your change'
                  : `: their change (version ${theirVersion})`}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {merge.conflicts.map((part) => (
        <ConflictPart
          key={part.id}
          part={part}
          theirVersion={theirVersion}
          choice={choices[part.id]}
          onChoose={(side) => onChoose(part.id, side)}
        />
      ))}
      <Group gap="sm">
        <Button size="sm" onClick={onSaveMerged} loading={busy} disabled={open > 0}>
          Save merged version
        </Button>
        {open === 0 ? null : (
          <Text size="sm" c="dimmed">
            {open === 1 ? 'One part left to choose.' : `${open} parts left to choose.`}
          </Text>
        )}
      </Group>
      <Divider label="Or keep one whole text" labelPosition="left" />
      <Text size="sm" c="dimmed">
        Keep mine replaces version {theirVersion} with your text; take theirs drops your changes.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onKeepMine} disabled={busy}>
          Keep mine
        </Button>
        <Button size="xs" variant="default" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setComparing((shown) => !shown)}
          aria-expanded={comparing}
          aria-controls="conflict-comparison"
        >
          {comparing ? 'Hide both texts' : 'Compare both texts'}
        </Button>
      </Group>
      <Collapse expanded={comparing} id="conflict-comparison">
        <SideBySideDiffView rows={rows} before={`Theirs (version ${theirVersion})`} after="Mine" />
      </Collapse>
    </Stack>
  );
}
