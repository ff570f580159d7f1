import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Me, unwrap } from '../api/client.ts';
import classes from './app-layout.module.css';
import { hasNoWayBack, SignInAgainAdvice } from './sign-in-again-advice.tsx';

/**
 * The header's Sign out button; someone who could not sign back in by themselves confirms
 * first, told who can give them a way back.
 */
export function SignOutButton({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/session', {})),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
    onError: (error) => {
      if (!confirming) notifications.show({ color: 'red', message: error.message });
    },
  });
  const close = () => {
    setConfirming(false);
    signOut.reset();
  };
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={signOut.isPending && !confirming}
        onClick={() => (hasNoWayBack(me) ? setConfirming(true) : signOut.mutate())}
      >
        <span className={classes.wideOnly}>Sign out</span>
      </Button>
      <Modal opened={confirming} onClose={close} title="Sign out?" centered>
        <Stack gap="md">
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
          {signOut.isError ? (
            <Alert color="red" variant="light" role="alert">
              {signOut.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Stay signed in
            </Button>
            <Button color="red" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              Sign out anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
