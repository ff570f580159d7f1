import { Anchor, Code, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';

/** What a signed-out visitor sees: how to get a sign-in link. */
export function SignedOutPage() {
  return (
    <Container size={560} py={64}>
      <Paper withBorder p="xl" shadow="sm">
        <Stack gap="md">
          <Group gap={8}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} size="lg">
              Skillset
            </Text>
          </Group>
          <Title order={1} size="h2">
            Sign in to Skillset
          </Title>
          <Text>You are not signed in, or your session has ended.</Text>
          <List spacing="xs" type="ordered">
            <List.Item>
              Open the sign-in link that <Code>npm start</Code> printed in its terminal when the
              server first started (<Code>Sign in: http://…/sign-in?token=…</Code>).
            </List.Item>
            <List.Item>
              Lost it? An owner can create a token for you; open{' '}
              <Code>/sign-in?token=YOUR_TOKEN</Code> on this server.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            The API is described at <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
