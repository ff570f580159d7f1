import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { IconLockOff } from '@tabler/icons-react';

/** What to do when the server has no `SKILLSET_SECRET_KEY`: secrets cannot be stored until it has. */
export function SecretsNotConfigured() {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Secrets are not set up on this server"
      icon={<IconLockOff size={18} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">
          Secret values are encrypted with a key that only the server knows, and this server was
          started without one. Whoever runs it can turn secrets on:
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>
            Make a key: <Code>openssl rand -base64 32</Code>
          </List.Item>
          <List.Item>
            Set it as <Code>SKILLSET_SECRET_KEY</Code> in the server’s environment and restart the
            server.
          </List.Item>
          <List.Item>Keep the key safe: without it, stored values cannot be read.</List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
