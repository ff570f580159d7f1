import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { WordPart } from '../diff/word-diff.ts';
import type { FrontmatterChange } from './frontmatter-changes.ts';
import classes from './frontmatter-changes-card.module.css';

const STATUS = {
  added: { label: 'added', color: 'teal' },
  removed: { label: 'removed', color: 'red' },
  changed: { label: 'changed', color: 'orange' },
} as const;

function Value({ text, words, kind }: { text?: string; words?: WordPart[]; kind: 'del' | 'ins' }) {
  const Line = kind;
  return (
    <Line className={classes.value} data-kind={kind}>
      {text === undefined
        ? '—'
        : words === undefined
          ? text
          : words.map((word, index) =>
              word.changed ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: runs of one value, never reordered
                <span key={index} className={classes.word}>
                  {word.text}
                </span>
              ) : (
                word.text
              ),
            )}
    </Line>
  );
}

/**
 * The frontmatter compared field by field: each added, removed or changed field with its published
 * value above its proposed one (changed words marked); unchanged fields are named below.
 */
export function FrontmatterChangesCard({
  changes,
  isNew,
}: {
  /** Undefined when a frontmatter could not be read field by field. */
  changes: FrontmatterChange[] | undefined;
  isNew: boolean;
}) {
  const changed = changes?.filter((change) => change.status !== 'same') ?? [];
  const same = changes?.filter((change) => change.status === 'same') ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="frontmatter-changes">
      <Stack gap="xs">
        <Title order={2} size="h5" id="frontmatter-changes">
          Frontmatter
        </Title>
        {changes === undefined ? (
          <Text size="sm" c="gray.7">
            The frontmatter cannot be compared field by field (its YAML is not a plain mapping); see
            the diff of SKILL.md below.
          </Text>
        ) : changed.length === 0 ? (
          <Text size="sm" c="gray.7">
            No field changed.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            aria-label="Changed frontmatter fields"
            style={{ listStyle: 'none' }}
          >
            {changed.map((change) => {
              const status = STATUS[change.status as keyof typeof STATUS];
              return (
                <Stack component="li" key={change.key} gap={4}>
                  <Group gap={6} wrap="wrap">
                    <Text
                      span
                      size="sm"
                      fw={600}
                      ff="monospace"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {change.key}
                    </Text>
                    <Badge size="xs" variant="light" color={status.color}>
                      {status.label}
                    </Badge>
                  </Group>
                  <div className={classes.values}>
                    {change.status === 'added' ? null : (
                      <>
                        <Text span size="xs" c="gray.7" className={classes.label}>
                          {isNew ? 'Before' : 'Published'}
                        </Text>
                        <Value text={change.before} words={change.words?.before} kind="del" />
                      </>
                    )}
                    {change.status === 'removed' ? null : (
                      <>
                        <Text span size="xs" c="gray.7" className={classes.label}>
                          Proposed
                        </Text>
                        <Value text={change.after} words={change.words?.after} kind="ins" />
                      </>
                    )}
                  </div>
                </Stack>
              );
            })}
          </Stack>
        )}
        {same.length === 0 ? null : (
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            Unchanged: {same.map((change) => change.key).join(', ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
