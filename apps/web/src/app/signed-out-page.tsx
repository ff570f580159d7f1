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
              Open the one-time sign-in link that <Code>npm start</Code> prints in its terminal each
              time the server starts (<Code>Sign in: http://…/sign-in?code=…</Code>).
            </List.Item>
            <List.Item>
              Expired or lost? Run <Code>npx skillset sign-in-link</Code> beside the server for a
              fresh one.
            </List.Item>
            <List.Item>New to this team? Ask an admin for an invitation link.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            The API is described at <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
