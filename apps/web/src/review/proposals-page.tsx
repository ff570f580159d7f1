import { Alert, Anchor, Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { Me } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { proposalPath } from './proposal-path.ts';
import { type ProposalState, type RevisionInReview, useProposals } from './proposal-queries.ts';
import { ProposalStateBadge } from './proposal-state-badge.tsx';
import { formatReviewTime } from './review-time.ts';

const FILTERS = [
  { value: 'proposed', label: 'Waiting for review' },
  { value: 'rejected', label: 'Rejected' },
];

function ProposalItem({ revision, me }: { revision: RevisionInReview; me: Me }) {
  const mine = revision.author?.id === me.principal.id;
  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="xs" wrap="wrap" align="center">
        <Anchor
          component={Link}
          to={proposalPath(revision)}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {revision.name} · version {revision.version}
        </Anchor>
        <ProposalStateBadge state={revision.state} />
        {revision.mayPublish ? (
          <Badge variant="outline" color="teal" tt="none">
            You can review
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7">
        {mine ? 'You' : (revision.author?.name ?? 'Someone')} ·{' '}
        {formatReviewTime(revision.createdAt)} ·{' '}
        {revision.published === 0 ? 'a new skill' : `replaces version ${revision.published}`}
      </Text>
      {revision.message === null ? null : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {revision.message}
        </Text>
      )}
      {revision.state === 'rejected' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} inherit>
            Rejected by {revision.reviewer?.name ?? 'a reviewer'}:
          </Text>{' '}
          {revision.note}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * `/proposals`: the changes to workspace skills waiting for review (or rejected), newest first;
 * each opens its review.
 */
export function ProposalsPage({ me }: { me: Me }) {
  const [params, setParams] = useSearchParams();
  const state: ProposalState = params.get('state') === 'rejected' ? 'rejected' : 'proposed';
  const member = me.can.seeProposals;
  const proposals = useProposals(state, { enabled: member });
  const setState = (value: string) =>
    setParams(
      (next) => {
        if (value === 'rejected') next.set('state', value);
        else next.delete('state');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={2}>
        <Title order={1}>Proposals</Title>
        <Text c="gray.7">
          Changes to this workspace’s skills wait here until a reviewer who is not their author
          publishes them. Until then, every agent keeps the published version.
        </Text>
      </Stack>
      {!member ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Proposals are for the people who write and review skills: members, admins and owners.
        </Alert>
      ) : null}
      {proposals.data?.review === 'off' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Review is off in this workspace: a saved change is published at once.{' '}
          {me.can.manageSettings ? (
            <>
              Turn on <em>Require review</em> in{' '}
              <Anchor component={Link} to="/settings" underline="always" c="inherit" inherit>
                Settings
              </Anchor>
              .
            </>
          ) : (
            'An admin can require review in Settings.'
          )}
        </Alert>
      ) : null}
      {proposals.data?.mayReview === false ? (
        <Text size="sm" c="gray.7">
          You may propose changes. Publishing them needs a reviewer: an admin, an owner or a member
          with the reviewer grant, and never the change’s own author.
        </Text>
      ) : null}
      {member ? (
        <SegmentedControl
          aria-label="Show proposals"
          value={state}
          onChange={setState}
          data={FILTERS}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {proposals.isError ? (
        <ErrorState error={proposals.error} onRetry={() => proposals.refetch()} />
      ) : null}
      {member && proposals.isPending ? <LoadingState label="Loading proposals…" /> : null}
      {proposals.data === undefined ? null : proposals.data.items.length === 0 ? (
        <EmptyState title={state === 'proposed' ? 'Nothing waits for review' : 'Nothing rejected'}>
          {state === 'proposed'
            ? 'When someone changes a skill while review is required, the change shows here.'
            : 'Rejected proposals show here with the reviewer’s note.'}
        </EmptyState>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          aria-label={state === 'proposed' ? 'Waiting for review' : 'Rejected'}
          style={{ listStyle: 'none' }}
        >
          {proposals.data.items.map((revision) => (
            <ProposalItem
              key={`${revision.name}/${revision.version}`}
              revision={revision}
              me={me}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
