import { Button, Flex, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { isProposal } from '../review/is-proposal.ts';
import { proposalNotice } from '../review/proposal-notice.ts';
import { proposalPath } from '../review/proposal-path.ts';
import { useProposals } from '../review/proposal-queries.ts';
import { PublishVersionModal } from './publish-version-modal.tsx';
import { type SkillKey, useSkillVersions } from './skill-queries.ts';
import { VersionComparison } from './version-comparison.tsx';
import { VersionReviewNote, wasPublished } from './version-review-note.tsx';
import { VersionStateBadge } from './version-state-badge.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The skill's versions: a list that marks proposed and rejected ones, with restore, review and —
 * for those who may publish — publishing an earlier published version again (a rollback); and a
 * comparison of any two.
 */
export function VersionsPanel({ skill, current }: { skill: SkillKey; current: number }) {
  const versions = useSkillVersions(skill);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const workspaceSkill = skill.scope === 'workspace';
  // The server says whether this person may publish, and whether changes wait for review.
  const review = useProposals('proposed', {
    enabled: workspaceSkill && me.data?.can.seeProposals === true,
  }).data;
  const mayPublish = workspaceSkill && review?.mayReview === true;
  const proposing = workspaceSkill && review?.review === 'required';
  // The compared versions live in the URL (`?tab=versions&from=2&to=5`): a diff can be linked.
  const [params, setParams] = useSearchParams();
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
  const [publishing, setPublishing] = useState<{ version: number; hash: string }>();
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
      await queryClient.invalidateQueries({ queryKey: ['skill', skill.name] });
      if (isProposal(restored)) {
        await queryClient.invalidateQueries({ queryKey: ['proposals'] });
        const notice = proposalNotice(restored);
        notifications.show({
          color: 'blue',
          autoClose: 12_000,
          title: notice.title,
          message: `It restores version ${version}. ${notice.message}`,
        });
        navigate(proposalPath(restored));
        return;
      }
      notifications.show({
        message: `Version ${version} restored as version ${restored.version}.`,
        color: 'teal',
      });
      setCompared({ from: version, to: restored.version });
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
    },
    onError: (error) =>
      notifications.show({ title: 'Could not restore', message: error.message, color: 'red' }),
  });

  if (versions.isPending) return <LoadingState label="Loading versions…" />;
  if (versions.isError)
    return <ErrorState error={versions.error} onRetry={() => versions.refetch()} />;
  const items = versions.data.items;
  const published = versions.data.current;
  // Proposals are numbered above the published version: any listed version can be compared.
  const newest = Math.max(current, ...items.map((item) => item.version));
  const versionParam = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isSafeInteger(value) && value >= 1 && value <= newest ? value : fallback;
  };
  const from = versionParam('from', Math.max(1, current - 1));
  const to = versionParam('to', current);
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
                  <Flex
                    gap={6}
                    direction={{ base: 'column', sm: 'row' }}
                    align={{ base: 'flex-start', sm: 'center' }}
                  >
                    {item.version}
                    <VersionStateBadge item={item} published={published} />
                  </Flex>
                </Table.Td>
                <Table.Td visibleFrom="sm">{dateFormat.format(new Date(item.createdAt))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {item.message ?? (
                    <Text span c="dimmed" size="sm">
                      {item.description}
                    </Text>
                  )}
                  <VersionReviewNote state={item.reviewState} note={item.reviewNote} />
                </Table.Td>
                <Table.Td>
                  <Flex
                    gap={6}
                    direction={{ base: 'column', sm: 'row' }}
                    align={{ base: 'flex-end', sm: 'center' }}
                    justify="flex-end"
                  >
                    {item.version === published ? null : item.reviewState === 'proposed' ? (
                      <Button
                        component={Link}
                        to={proposalPath({ name: skill.name, version: item.version })}
                        size="compact-xs"
                        variant="light"
                        color="orange"
                        aria-label={`Review version ${item.version}`}
                      >
                        Review
                      </Button>
                    ) : (
                      <>
                        {mayPublish && wasPublished(item) ? (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="teal"
                            leftSection={<IconArrowBackUp size={14} aria-hidden />}
                            onClick={() =>
                              setPublishing({ version: item.version, hash: item.hash })
                            }
                            aria-label={`Publish version ${item.version}`}
                          >
                            Publish
                          </Button>
                        ) : null}
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconRestore size={14} aria-hidden />}
                          onClick={() => setRestoring(item.version)}
                          aria-label={`Restore version ${item.version}`}
                        >
                          Restore
                        </Button>
                      </>
                    )}
                  </Flex>
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
              <VersionComparison skill={skill} from={from} to={to} />
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
            {proposing
              ? `Its content is proposed as a new version, ${newest + 1}: agents keep version ${published} until a reviewer who is not you publishes it.`
              : `Its content becomes a new version, ${newest + 1}; nothing is lost, and you can restore the current version later.`}
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
      <PublishVersionModal
        name={skill.name}
        target={publishing}
        published={published}
        onClose={() => setPublishing(undefined)}
      />
    </Stack>
  );
}
