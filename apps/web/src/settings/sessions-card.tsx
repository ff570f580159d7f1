import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Me, unwrap } from '../api/client.ts';
import { hasNoWayBack, SignInAgainAdvice } from '../app/sign-in-again-advice.tsx';

/** Signing out of every browser at once, and on request revoking every token of the account too. */
export function SessionsCard({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [revokeTokens, setRevokeTokens] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/api/session', {
          params: {
            query: { everywhere: 'true', ...(revokeTokens ? { revokeTokens: 'true' } : {}) },
          },
        }),
      ),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
  const close = () => {
    setConfirming(false);
    signOutEverywhere.reset();
  };
  const action = revokeTokens ? 'Sign out everywhere and revoke my tokens' : 'Sign out everywhere';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="sessions">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="sessions">
          Browsers
        </Title>
        <Text size="sm" c="dimmed">
          Lost a laptop, or signed in on a shared computer? End every browser session of your
          account, this one included.
        </Text>
        <Checkbox
          label="Also revoke my tokens"
          description="Scripts, the CLI and MCP clients that use a token of yours stop working too; agents’ tokens keep working."
          checked={revokeTokens}
          onChange={(event) => setRevokeTokens(event.currentTarget.checked)}
        />
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {action}
        </Button>
      </Stack>
      <Modal opened={confirming} onClose={close} title={`${action}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            Every browser signed in to your account is signed out, this one included
            {revokeTokens
              ? ', and every token of yours stops working (agents’ tokens keep working).'
              : '.'}
          </Text>
          {hasNoWayBack(me) ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="You cannot sign back in by yourself"
            >
              <Stack gap="xs">
                <SignInAgainAdvice me={me} />
              </Stack>
            </Alert>
          ) : null}
          {signOutEverywhere.isError ? (
            <Alert color="red" variant="light" role="alert">
              {signOutEverywhere.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Stay signed in
            </Button>
            <Button
              color="red"
              loading={signOutEverywhere.isPending}
              onClick={() => signOutEverywhere.mutate()}
            >
              {revokeTokens ? 'Sign out and revoke' : 'Sign out everywhere'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
