import { Anchor, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { skillPath } from '../skills/skill-path.ts';
import type { SecretBinding } from './use-secrets.ts';

/** A version's content address, short: `sha256:` and 12 hex digits. */
function shortDigest(digest: string): string {
  return `sha256:${digest.replace(/^sha256:/, '').slice(0, 12)}`;
}

/**
 * One skill a secret is bound to: whether its current revision is the one an admin approved (only
 * that one's scripts get the value), and a one-click approval of the current revision when not.
 */
export function SecretBindingItem({
  secret,
  binding,
  nameOf,
  approving,
  onApprove,
}: {
  secret: string;
  binding: SecretBinding;
  /** Who made a revision, by user id. */
  nameOf: (id: string | null) => string;
  approving: boolean;
  onApprove: (binding: SecretBinding & { current: NonNullable<SecretBinding['current']> }) => void;
}) {
  const { current } = binding;
  const skill =
    current === null ? (
      <Badge variant="light" color="gray" tt="none" fw={500}>
        {binding.skill}
      </Badge>
    ) : (
      <Anchor
        component={Link}
        to={skillPath({ name: binding.skill, scope: current.scope })}
        fz="sm"
        fw={500}
      >
        {binding.skill}
      </Anchor>
    );
  let status: ReactNode;
  if (current === null) {
    status = (
      <Text span size="xs" c="gray.7">
        no such skill yet
      </Text>
    );
  } else if (binding.approved) {
    status = (
      <Text span size="xs" c="teal.9">
        <IconShieldCheck size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> version{' '}
        {current.version} approved
      </Text>
    );
  } else {
    const approve = () => onApprove({ ...binding, current });
    status = (
      <>
        <Text span size="xs" c="red.9">
          <IconShieldExclamation size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> version{' '}
          {current.version} by {nameOf(current.author)} not approved: its scripts run without{' '}
          {secret}
        </Text>
        <Tooltip
          label={`Let the scripts of version ${current.version} (${shortDigest(current.digest)}) get ${secret}; review it first`}
          multiline
          maw={280}
        >
          <Button
            size="compact-xs"
            variant="light"
            loading={approving}
            aria-label={`Approve version ${current.version} of ${binding.skill} for ${secret}`}
            onClick={approve}
          >
            Approve
          </Button>
        </Tooltip>
      </>
    );
  }
  return (
    <Group component="li" gap={6} wrap="wrap" align="center">
      {skill}
      {status}
    </Group>
  );
}
