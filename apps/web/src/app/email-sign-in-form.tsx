import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, unwrap } from '../api/client.ts';

/**
 * Asks the server to mail a one-time sign-in link; the confirmation is the same whether or not
 * the address has an account, as the server's answer is.
 */
export function EmailSignInForm({ prominent }: { prominent: boolean }) {
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: (address: string) =>
      unwrap(api.POST('/api/session/email', { body: { email: address } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  if (request.isSuccess) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconMailCheck size={18} aria-hidden />}
        title="Check your inbox"
        role="status"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            If an account has proven this address, a sign-in link is on its way to{' '}
            <b>{request.variables}</b>. It works once, for a short while.
          </Text>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              request.reset();
              setEmail('');
            }}
          >
            Use another address
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Email me a sign-in link">
      <Stack gap="xs">
        <TextInput
          label="Email"
          description="The address your account has proven"
          type="email"
          required
          autoComplete="email"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button
          type="submit"
          variant={prominent ? 'filled' : 'light'}
          fullWidth
          loading={request.isPending}
          leftSection={<IconMail size={16} aria-hidden />}
        >
          Email me a sign-in link
        </Button>
        {request.isError ? (
          <Alert color="red" variant="light" role="alert">
            {request.error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
