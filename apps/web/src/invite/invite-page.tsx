import { Alert, Anchor, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { api, unwrap } from '../api/client.ts';
import { CenteredCardPage } from '../app/centered-card-page.tsx';
import { hasNoWayBack } from '../app/sign-in-again-advice.tsx';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { roleLabel } from '../team/roles.ts';

const CLOSED: Record<string, string> = {
  accepted: 'This invitation was already accepted.',
  revoked: 'This invitation was revoked.',
  expired: 'This invitation has expired.',
};

/**
 * What an invitation link opens: who invites you where, then a new account or your own joins; a
 * mailed invitation only for the account that proved its address (others are asked to sign out).
 */
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
  // Signed in, but in no workspace yet: the account joins as itself.
  const signedInElsewhere = ApiError.isNoWorkspace(me.error);
  const asNewAccount = signedIn === undefined && !signedInElsewhere;
  const signOut = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/session', {})),
    onSuccess: () => queryClient.resetQueries({ queryKey: ['me'] }),
  });
  const accept = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/invitations/{code}/accept', {
          params: { path: { code } },
          body: asNewAccount ? { displayName: displayName.trim() } : {},
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
      <CenteredCardPage title="Invitation">
        <LoadingState label="Opening the invitation…" />
      </CenteredCardPage>
    );
  }
  if (preview.isError) {
    const unknown = preview.error instanceof ApiError && preview.error.code === 'code_not_found';
    return (
      <CenteredCardPage title="Invitation not valid">
        {unknown ? (
          <Text>{preview.error.message}</Text>
        ) : (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
        )}
      </CenteredCardPage>
    );
  }
  const invitation = preview.data;
  const workspace = invitation.workspace.name;
  if (invitation.status !== 'pending') {
    return (
      <CenteredCardPage title="Invitation closed">
        <Text>
          {CLOSED[invitation.status]} Ask an admin of {workspace} for a new invitation.
        </Text>
        <Anchor href="/">Go to Skillset</Anchor>
      </CenteredCardPage>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  const mailed = invitation.kind === 'email';
  // Joining through a mailed link proves the address of the new account that takes it.
  const provesAddress = mailed && asNewAccount;
  const claimsAddress = signedIn?.email?.toLowerCase() === invitation.email.toLowerCase();
  // A mailed invitation is only for the account that proved its address.
  const notYours = mailed && signedIn !== undefined && !(claimsAddress && signedIn.emailVerified);
  if (notYours && me.data !== undefined) {
    return (
      <CenteredCardPage title={`Join ${workspace}`}>
        <Text>
          You are invited to the workspace <b>{workspace}</b> as <b>{roleLabel(invitation.role)}</b>
          . The invitation was mailed to <Code>{invitation.email}</Code>, and only the account that
          proved that address can accept it.
        </Text>
        <Alert
          color="orange"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={claimsAddress ? 'Your address is not proven yet' : 'Signed in as someone else'}
        >
          <Stack gap="xs">
            <Text size="sm">
              You are signed in as <b>{signedIn.name}</b>
              {signedIn.email === null ? '' : ` (${signedIn.email})`}
              {claimsAddress
                ? ', whose address is not proven yet. An admin of your workspace can mail you a sign-in link: following it proves the address; then open this invitation again.'
                : `. Sign out here to join with the account of ${invitation.email}: the one that proved it, or a new one.`}
            </Text>
            {hasNoWayBack(me.data) ? (
              <Text size="sm">
                Once signed out, you cannot sign back in to {signedIn.name} by yourself.
              </Text>
            ) : null}
            {signOut.isError ? <Text size="sm">{signOut.error.message}</Text> : null}
          </Stack>
        </Alert>
        <Button
          variant={claimsAddress ? 'default' : 'filled'}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
          style={{ alignSelf: 'flex-start' }}
        >
          Sign out
        </Button>
      </CenteredCardPage>
    );
  }
  return (
    <CenteredCardPage title={`Join ${workspace}`}>
      <Text>
        You are invited to the workspace <b>{workspace}</b> as <b>{roleLabel(invitation.role)}</b>.
        The invitation is for <Code>{invitation.email}</Code>.
      </Text>
      {provesAddress ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />}>
          This invitation was mailed to {invitation.email}: joining confirms that the address is
          yours.
        </Alert>
      ) : null}
      <form onSubmit={submit} aria-label={`Join ${workspace}`}>
        <Stack gap="md">
          {asNewAccount ? (
            <TextInput
              label="Your name"
              description={
                mailed
                  ? 'How the others in the workspace see you (an account that already proved this address keeps its name)'
                  : 'How the others in the workspace see you'
              }
              required
              maxLength={100}
              autoComplete="name"
              autoFocus
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
            />
          ) : signedIn === undefined ? (
            <Text size="sm">You are signed in; your account joins {workspace}.</Text>
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
              title="Could not join"
            >
              {accept.error.message}
            </Alert>
          ) : null}
          <Button type="submit" loading={accept.isPending} style={{ alignSelf: 'flex-start' }}>
            Join {workspace}
          </Button>
        </Stack>
      </form>
      {asNewAccount && !mailed ? (
        <Text size="sm" c="dimmed">
          Already have an account on this server? Sign in first, then open this link again.
        </Text>
      ) : null}
    </CenteredCardPage>
  );
}
