import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { CreatedInvitationAlert } from './created-invitation-alert.tsx';
import { InviteForm } from './invite-form.tsx';
import { roleLabel, type WorkspaceRole } from './roles.ts';
import classes from './team.module.css';
import { type Invitation, usePendingInvitations } from './team-queries.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function PendingInvitations({
  workspaceId,
  onRevoked,
}: {
  workspaceId: string;
  onRevoked: (invitation: Invitation) => void;
}) {
  const queryClient = useQueryClient();
  const invitations = usePendingInvitations(workspaceId, true);
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) =>
      unwrap(
        api.DELETE('/api/workspaces/{id}/invitations/{invitationId}', {
          params: { path: { id: workspaceId, invitationId: invitation.id } },
        }),
      ),
    onSuccess: async (_nothing, invitation) => {
      notifications.show({ message: `The invitation for ${invitation.email} was revoked.` });
      onRevoked(invitation);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invitations', workspaceId] }),
        queryClient.invalidateQueries({ queryKey: ['audit', workspaceId] }),
      ]);
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  if (invitations.isPending) return <LoadingState label="Loading invitations…" />;
  if (invitations.isError) {
    return <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />;
  }
  if (invitations.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No pending invitations.
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" aria-label="Pending invitations" className={classes.list}>
      {invitations.data.map((invitation) => (
        <Group
          key={invitation.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          py="xs"
          className={classes.row}
        >
          <Stack gap={0} miw={0}>
            <Text fw={500} truncate>
              {invitation.email}
            </Text>
            <Text size="sm" c="dimmed">
              {invitation.kind === 'email' ? 'Mailed' : 'Open link: whoever holds it joins'} ·
              expires {dateFormat.format(new Date(invitation.expiresAt))}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" color="gray" style={{ overflow: 'visible' }}>
              {roleLabel(invitation.role)}
            </Badge>
            <Tooltip label="Revoke: the link stops working">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Revoke the invitation for ${invitation.email}`}
                loading={revoke.isPending && revoke.variables?.id === invitation.id}
                onClick={() => revoke.mutate(invitation)}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Invite people by email and role (mailed to the address and bound to it when the server sends
 * mail, or an open one-time link to pass on), and revoke pending invitations.
 */
export function InvitationsCard({
  workspaceId,
  inviteRoles,
  mailConfigured,
}: {
  workspaceId: string;
  inviteRoles: readonly WorkspaceRole[];
  mailConfigured: boolean;
}) {
  const [created, setCreated] = useState<Schemas['CreatedInvitation'] | undefined>();
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="invitations"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="invitations">
          Invitations
        </Title>
        <InviteForm
          workspaceId={workspaceId}
          inviteRoles={inviteRoles}
          mailConfigured={mailConfigured}
          onCreated={setCreated}
        />
        {created === undefined ? null : (
          <CreatedInvitationAlert created={created} onClose={() => setCreated(undefined)} />
        )}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Pending
          </Text>
          <PendingInvitations
            workspaceId={workspaceId}
            onRevoked={(invitation) =>
              setCreated((shown) => (shown?.invitation.id === invitation.id ? undefined : shown))
            }
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
