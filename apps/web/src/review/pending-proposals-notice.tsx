import { Alert, Anchor, Badge, List, Text } from '@mantine/core';
import { IconGitPullRequest } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SkillDetail } from '../api/client.ts';
import { proposalPath } from './proposal-path.ts';
import { formatReviewTime } from './review-time.ts';

type Pending = SkillDetail['pendingProposals'];

/** "Update pending": a badge that opens the newest proposal of a skill waiting for review. */
export function UpdatePendingBadge({ name, pending }: { name: string; pending: Pending }) {
  const [newest] = pending;
  if (newest === undefined) return null;
  return (
    <Badge
      component={Link}
      to={proposalPath({ name, version: newest.version })}
      color="orange"
      variant="light"
      radius="sm"
      tt="none"
      leftSection={<IconGitPullRequest size={12} aria-hidden />}
      style={{ cursor: 'pointer', width: 'fit-content' }}
    >
      Update pending: version {newest.version}
    </Badge>
  );
}

/**
 * The proposals of a skill waiting for review, each a link to its review, and what agents get
 * meanwhile; nothing when none waits.
 */
export function PendingProposalsNotice({
  name,
  published,
  pending,
  myUserId,
}: {
  name: string;
  published: number;
  pending: Pending;
  myUserId: string | undefined;
}) {
  if (pending.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={pending.length === 1 ? 'Update pending' : `${pending.length} updates pending`}
      icon={<IconGitPullRequest size={18} aria-hidden />}
    >
      <Text size="sm">
        Agents get version {published} until a reviewer who is not the author publishes a proposal.
      </Text>
      <List size="sm" mt={4}>
        {pending.map((proposal) => (
          <List.Item key={proposal.version}>
            <Anchor
              component={Link}
              to={proposalPath({ name, version: proposal.version })}
              underline="always"
              c="inherit"
              inherit
            >
              Version {proposal.version}
            </Anchor>
            , proposed {proposal.createdBy === myUserId ? 'by you ' : ''}on{' '}
            {formatReviewTime(proposal.createdAt)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
