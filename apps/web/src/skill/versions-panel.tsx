import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { DiffView } from './diff-view.tsx';
import { sideBySideDiff } from './side-by-side-diff.ts';
import { type SkillKey, useSkillDiff, useSkillVersion, useSkillVersions } from './skill-queries.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Comparison({ skill, from, to }: { skill: SkillKey; from: number; to: number }) {
  const before = useSkillVersion(skill, from);
  const after = useSkillVersion(skill, to);
  const diff = useSkillDiff(skill, from, to);
  if (before.isError || after.isError) {
    return <ErrorState error={before.error ?? after.error} />;
  }
  if (before.data === undefined || after.data === undefined) {
    return <LoadingState label="Loading the versions…" />;
  }
  const otherFiles = (diff.data?.files ?? []).filter((file) => file.path !== 'SKILL.md');
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        SKILL.md
      </Text>
      {before.data.content === after.data.content ? (
        <Text size="sm" c="dimmed">
          SKILL.md is the same in both versions.
        </Text>
      ) : (
        <DiffView
          rows={sideBySideDiff(before.data.content, after.data.content)}
          before={`Version ${from}`}
          after={`Version ${to}`}
        />
      )}
      {otherFiles.map((file) => (
        <Stack gap={4} key={file.path}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.path}{' '}
            <Badge size="xs" variant="light" tt="none">
              {file.status}
            </Badge>
          </Text>
          {file.binary ? (
            <Text size="sm" c="dimmed">
              Binary file changed.
            </Text>
          ) : (
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {file.diff}
            </Code>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The skill's versions: a list with restore, and a side-by-side comparison of any two. */
export function VersionsPanel({ skill, current }: { skill: SkillKey; current: number }) {
  const versions = useSkillVersions(skill);
  const queryClient = useQueryClient();
  // The compared versions live in the URL (`?tab=versions&from=2&to=5`): a diff can be linked.
  const [params, setParams] = useSearchParams();
  const versionParam = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isSafeInteger(value) && value >= 1 && value <= current ? value : fallback;
  };
  const from = versionParam('from', Math.max(1, current - 1));
  const to = versionParam('to', current);
  const setCompared = (next: { from?: number; to?: number }) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next.from !== undefined) updated.set('from', String(next.from));
        if (next.to !== undefined) updated.set('to', String(next.to));
        return updated;
      },
      { replace: true },
    );
  const [restoring, setRestoring] = useState<number | undefined>();
  const restore = useMutation({
    mutationFn: (version: number) =>
      unwrap(
        api.POST('/api/skills/{name}/versions/{version}/restore', {
          params: {
            path: { name: skill.name, version },
            query: skill.scope === undefined ? {} : { scope: skill.scope },
          },
        }),
      ),
    onSuccess: async (restored, version) => {
      setRestoring(undefined);
      notifications.show({
        message: `Version ${version} restored as version ${restored.version}.`,
        color: 'teal',
      });
      setCompared({ from: version, to: restored.version });
      await queryClient.invalidateQueries({ queryKey: ['skill', skill.name] });
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
    },
    onError: (error) =>
      notifications.show({ title: 'Could not restore', message: error.message, color: 'red' }),
  });

  if (versions.isPending) return <LoadingState label="Loading versions…" />;
  if (versions.isError)
    return <ErrorState error={versions.error} onRetry={() => versions.refetch()} />;
  const items = versions.data.items;
  const options = items.map((item) => ({
    value: String(item.version),
    label: `Version ${item.version}`,
  }));

  return (
    <Stack gap="lg">
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="xs" fz="sm" aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th visibleFrom="sm">Saved</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.version}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {item.version}
                    {item.version === versions.data.current ? (
                      <Badge size="xs" color="teal" variant="light" style={{ flexShrink: 0 }}>
                        current
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{dateFormat.format(new Date(item.createdAt))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {item.message ?? (
                    <Text span c="dimmed" size="sm">
                      {item.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {item.version === versions.data.current ? null : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconRestore size={14} aria-hidden />}
                      onClick={() => setRestoring(item.version)}
                      aria-label={`Restore version ${item.version}`}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm">
        <Title order={3} size="h5">
          Compare versions
        </Title>
        {items.length < 2 ? (
          <EmptyState title="Only one version">Edit the skill to create another.</EmptyState>
        ) : (
          <>
            <Group gap="sm" grow>
              <Select
                label="From"
                data={options}
                value={String(from)}
                onChange={(value) => value && setCompared({ from: Number(value) })}
                allowDeselect={false}
              />
              <Select
                label="To"
                data={options}
                value={String(to)}
                onChange={(value) => value && setCompared({ to: Number(value) })}
                allowDeselect={false}
              />
            </Group>
            {from === to ? (
              <Text size="sm" c="dimmed">
                Pick two different versions.
              </Text>
            ) : (
              <Comparison skill={skill} from={from} to={to} />
            )}
          </>
        )}
      </Stack>

      <Modal
        opened={restoring !== undefined}
        onClose={() => setRestoring(undefined)}
        title={`Restore version ${restoring}?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Its content becomes a new version, {versions.data.current + 1}; nothing is lost, and you
            can restore the current version later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRestoring(undefined)}>
              Cancel
            </Button>
            <Button
              loading={restore.isPending}
              onClick={() => restoring !== undefined && restore.mutate(restoring)}
            >
              Restore version {restoring}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
