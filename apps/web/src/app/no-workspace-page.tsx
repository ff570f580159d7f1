import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { roleLabel } from '../team/roles.ts';
import { CenteredCardPage } from './centered-card-page.tsx';
import { ErrorState, LoadingState } from './states.tsx';

type MyInvitation = Schemas['MyInvitation'];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function useMyInvitations() {
  return useQuery({
    queryKey: ['my-invitations'],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/me/invitations', { signal }))).invitations,
  });
}

function InvitationList({ invitations }: { invitations: MyInvitation[] }) {
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: (invitation: MyInvitation) =>
      unwrap(
        api.POST('/api/me/invitations/{id}/accept', { params: { path: { id: invitation.id } } }),
      ),
    onSuccess: async (joined) => {
      notifications.show({
        message: `Welcome to ${joined.workspace.name}. You joined as ${roleLabel(joined.role)}.`,
      });
      await queryClient.resetQueries();
    },
  });
  return (
    <Stack gap="xs">
      <Stack
        gap="xs"
        component="ul"
        aria-label="Invitations for you"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {invitations.map((invitation) => (
          <Group
            key={invitation.id}
            component="li"
            justify="space-between"
            wrap="wrap"
            gap="xs"
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate>
                  {invitation.workspace.name}
                </Text>
                <Badge variant="light" color="gray" size="sm">
                  {roleLabel(invitation.role)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                Expires {dateFormat.format(new Date(invitation.expiresAt))}
              </Text>
            </Stack>
            <Button
              loading={join.isPending && join.variables?.id === invitation.id}
              disabled={join.isPending}
              onClick={() => join.mutate(invitation)}
              aria-label={`Join ${invitation.workspace.name}`}
            >
              Join
            </Button>
          </Group>
        ))}
      </Stack>
      {join.isError ? (
        <Alert color="red" variant="light" role="alert">
          {join.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * What a signed-in person who belongs to no workspace sees: the invitations for their proven
 * address, to join one, and a way to sign out.
 */
export function NoWorkspacePage() {
  const queryClient = useQueryClient();
  const invitations = useMyInvitations();
  const signOut = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/session', {})),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
  return (
    <CenteredCardPage title="You are not in a workspace yet">
      <Text>
        You are signed in, but Skillset keeps its skills, agents and people in workspaces, and you
        belong to none.
      </Text>
      {invitations.isPending ? <LoadingState label="Looking for invitations…" /> : null}
      {invitations.isError ? (
        <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
      ) : null}
      {invitations.data === undefined ? null : invitations.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          There is no invitation for your address. Ask an admin of your team to invite you; once
          they have, it shows up here (or open the link they send).
        </Text>
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h5">
            Invitations for your address
          </Title>
          <InvitationList invitations={invitations.data} />
        </Stack>
      )}
      {signOut.isError ? (
        <Alert color="red" variant="light" role="alert">
          {signOut.error.message}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Sign out
        </Button>
        {invitations.data?.length === 0 ? (
          <Button variant="subtle" onClick={() => invitations.refetch()}>
            Look again
          </Button>
        ) : null}
      </Group>
    </CenteredCardPage>
  );
}
