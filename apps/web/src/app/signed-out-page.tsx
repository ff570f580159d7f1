import { Anchor, Button, Code, Divider, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { CenteredCardPage } from './centered-card-page.tsx';
import { EmailSignInForm } from './email-sign-in-form.tsx';
import { useSignInMethods } from './use-sign-in-methods.ts';

/** The operator's way in: the link the server prints, or a fresh one from the CLI. */
function OwnerInstructions() {
  return (
    <List spacing="xs" type="ordered" size="sm">
      <List.Item>
        Open the one-time sign-in link that <Code>npm start</Code> prints in its terminal each time
        the server starts (<Code>Sign in: http://…/sign-in?code=…</Code>).
      </List.Item>
      <List.Item>
        Expired or lost? Run <Code>npx skillset sign-in-link</Code> beside the server for a fresh
        one, or <Code>npx skillset sign-in-link --email ADDRESS</Code> for someone else’s account.
      </List.Item>
    </List>
  );
}

/** What a signed-out visitor sees: single sign-on, a mailed link, and how else to get one. */
export function SignedOutPage() {
  const methods = useSignInMethods();
  const sso = methods.data?.sso ?? null;
  const email = methods.data?.email === true;
  const selfService = sso !== null || email;
  const newcomers = <Text size="sm">New to this team? Ask an admin for an invitation.</Text>;
  return (
    <CenteredCardPage title="Sign in to Skillset">
      <Text>You are not signed in, or your session has ended.</Text>
      {methods.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the ways to sign in" />
      ) : null}
      {sso === null ? null : (
        <Button
          component="a"
          href={sso.url}
          size="md"
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          Sign in with {sso.label}
        </Button>
      )}
      {sso !== null && email ? <Divider label="or" labelPosition="center" /> : null}
      {email ? <EmailSignInForm prominent={sso === null} /> : null}
      {selfService ? (
        <>
          {newcomers}
          <Stack gap="xs">
            <Divider />
            <Title order={2} size="h5">
              Running this server?
            </Title>
            <OwnerInstructions />
          </Stack>
        </>
      ) : (
        <>
          <OwnerInstructions />
          {newcomers}
        </>
      )}
      <Text size="sm" c="dimmed">
        The API is described at{' '}
        <Anchor href="/api/openapi.json" underline="always">
          /api/openapi.json
        </Anchor>
        .
      </Text>
    </CenteredCardPage>
  );
}
