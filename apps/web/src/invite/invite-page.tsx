import {
  Alert,
  Anchor,
  Button,
  Code,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { api, unwrap } from '../api/client.ts';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { roleLabel } from '../team/roles.ts';

const CLOSED: Record<string, string> = {
  accepted: 'This invitation was already accepted.',
  revoked: 'This invitation was revoked.',
  expired: 'This invitation has expired.',
};

function InviteFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={560} py={{ base: 'xl', sm: 64 }} px="sm">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="md">
          <Group gap={8}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} size="lg">
              Skillset
            </Text>
          </Group>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** What an invitation link opens: who invites you where, then a new account or your own joins. */
export function InvitePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const [displayName, setDisplayName] = useState('');
  const preview = useQuery({
    queryKey: ['invitation', code],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/invitations/{code}', { params: { path: { code } }, signal })),
  });
  const signedIn = me.data?.user;
  const accept = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/invitations/{code}/accept', {
          params: { path: { code } },
          body: signedIn === undefined ? { displayName: displayName.trim() } : {},
        }),
      ),
    onSuccess: async (joined) => {
      queryClient.clear();
      notifications.show({
        message: `Welcome to ${joined.workspace.name}, ${joined.user.name}. You joined as ${roleLabel(joined.role)}.`,
      });
      navigate('/', { replace: true });
    },
  });

  if (preview.isPending || me.isPending) {
    return (
      <InviteFrame title="Invitation">
        <LoadingState label="Opening the invitation…" />
      </InviteFrame>
    );
  }
  if (preview.isError) {
    const unknown = preview.error instanceof ApiError && preview.error.code === 'code_not_found';
    return (
      <InviteFrame title="Invitation not valid">
        {unknown ? (
          <Text>{preview.error.message}</Text>
        ) : (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
        )}
      </InviteFrame>
    );
  }
  const invitation = preview.data;
  const workspace = invitation.workspace.name;
  if (invitation.status !== 'pending') {
    return (
      <InviteFrame title="Invitation closed">
        <Text>
          {CLOSED[invitation.status]} Ask an admin of {workspace} for a new invitation.
        </Text>
        <Anchor href="/">Go to Skillset</Anchor>
      </InviteFrame>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  const emailTaken = accept.error instanceof ApiError && accept.error.code === 'email_taken';
  return (
    <InviteFrame title={`Join ${workspace}`}>
      <Text>
        You are invited to the workspace <b>{workspace}</b> as <b>{roleLabel(invitation.role)}</b>.
        The invitation is for <Code>{invitation.email}</Code>.
      </Text>
      <form onSubmit={submit} aria-label={`Join ${workspace}`}>
        <Stack gap="md">
          {signedIn === undefined ? (
            <TextInput
              label="Your name"
              description="How the others in the workspace see you"
              required
              maxLength={100}
              autoComplete="name"
              autoFocus
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
            />
          ) : (
            <Text size="sm">
              You are signed in as <b>{signedIn.name}</b>
              {signedIn.email === null ? '' : ` (${signedIn.email})`}; this account joins{' '}
              {workspace}.
            </Text>
          )}
          {accept.isError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={emailTaken ? 'This address already has an account' : 'Could not join'}
            >
              {accept.error.message}
            </Alert>
          ) : null}
          <Button type="submit" loading={accept.isPending} style={{ alignSelf: 'flex-start' }}>
            Join {workspace}
          </Button>
        </Stack>
      </form>
      {signedIn === undefined ? (
        <Text size="sm" c="dimmed">
          Already have an account on this server? Sign in first, then open this link again.
        </Text>
      ) : null}
    </InviteFrame>
  );
}
