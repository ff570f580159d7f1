import { Code, Text } from '@mantine/core';
import type { Me } from '../api/client.ts';

/** Whether the signed-in person could not sign back in by themselves (no proven address, no SSO). */
export function hasNoWayBack(me: Me): boolean {
  return me.user !== undefined && me.user.signInMethods.length === 0;
}

/** Why someone has no way back in by themselves, and who can give them one: an admin or the operator. */
export function SignInAgainAdvice({ me }: { me: Me }) {
  const workspace = me.workspaces.find((each) => each.id === me.principal.workspaceId);
  const email = me.user?.email ?? null;
  const askAnAdmin = `ask an admin of ${workspace?.name ?? 'your workspace'} for a sign-in link`;
  return (
    <>
      <Text size="sm">
        Your account has {email === null ? 'no email address' : 'not proven its email address'} and
        does not use single sign-on, so you cannot get a sign-in link by yourself.
      </Text>
      {email !== null ? (
        <Text size="sm">
          To come back, {askAnAdmin}, or have the server’s operator run{' '}
          <Code>npx skillset sign-in-link --email {email}</Code>.
        </Text>
      ) : me.principal.instanceAdmin ? (
        <Text size="sm">
          To come back, {askAnAdmin}; on the server, <Code>npx skillset sign-in-link</Code> prints a
          link for the instance’s owner.
        </Text>
      ) : (
        <Text size="sm">To come back, {askAnAdmin}.</Text>
      )}
    </>
  );
}
