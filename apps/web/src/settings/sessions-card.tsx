import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';

/** Signing out of every browser at once (tokens keep working; revoke them above). */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const signOutEverywhere = useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/session', { params: { query: { everywhere: 'true' } } })),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="sessions">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="sessions">
          Browsers
        </Title>
        <Text size="sm" c="dimmed">
          Lost a laptop, or signed in on a shared computer? End every browser session of your
          account, this one included. Tokens keep working; revoke them above.
        </Text>
        {signOutEverywhere.isError ? (
          <Alert color="red" variant="light" role="alert">
            {signOutEverywhere.error.message}
          </Alert>
        ) : null}
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={signOutEverywhere.isPending}
          onClick={() => signOutEverywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </Stack>
    </Paper>
  );
}
