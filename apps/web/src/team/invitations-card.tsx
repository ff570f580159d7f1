import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { CopyField } from './copy-field.tsx';
import { grantableRoles, ROLE_OPTIONS, roleLabel, type WorkspaceRole } from './roles.ts';
import classes from './team.module.css';
import { type Invitation, usePendingInvitations } from './team-queries.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function InviteForm({
  workspaceId,
  myRole,
  onCreated,
}: {
  workspaceId: string;
  myRole: WorkspaceRole;
  onCreated: (created: Schemas['CreatedInvitation']) => void;
}) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('member');
  const grantable = grantableRoles(myRole);
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/workspaces/{id}/invitations', {
          params: { path: { id: workspaceId } },
          body: { email: email.trim(), role },
        }),
      ),
    onSuccess: async (created) => {
      setEmail('');
      onCreated(created);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invitations', workspaceId] }),
        queryClient.invalidateQueries({ queryKey: ['audit', workspaceId] }),
      ]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Invite someone">
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            required
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS.filter((option) => grantable.includes(option.value)).map(
              (option) => ({ value: option.value, label: option.label }),
            )}
            value={role}
            allowDeselect={false}
            onChange={(value) => setRole((value ?? 'member') as WorkspaceRole)}
            w={{ base: '100%', xs: 140 }}
          />
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconMailPlus size={16} aria-hidden />}
          >
            Create invitation
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {ROLE_OPTIONS.find((option) => option.value === role)?.hint}. No email is sent: you pass
          the link on.
        </Text>
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

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
              Expires {dateFormat.format(new Date(invitation.expiresAt))}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" color="gray">
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

/** Invite people by email and role, copy the one-time link, and revoke pending invitations. */
export function InvitationsCard({
  workspaceId,
  myRole,
}: {
  workspaceId: string;
  myRole: WorkspaceRole;
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
        <InviteForm workspaceId={workspaceId} myRole={myRole} onCreated={setCreated} />
        {created === undefined ? null : (
          <Alert
            color="teal"
            variant="light"
            title={`Invitation for ${created.invitation.email} (${roleLabel(created.invitation.role)})`}
            withCloseButton={false}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  Send this one-time link to them; it is shown only now and works for 7 days.
                </Text>
                <CloseButton aria-label="Hide the link" onClick={() => setCreated(undefined)} />
              </Group>
              <CopyField
                label="Invitation link"
                value={created.url}
                copyLabel="Copy invitation link"
              />
            </Stack>
          </Alert>
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
