import { ActionIcon, Alert, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDotsVertical, IconLink, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client.ts';
import { LoadingState } from '../app/states.tsx';
import { CopyField } from './copy-field.tsx';
import type { Member } from './team-queries.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function useSignInLink(workspaceId: string, member: Member, delivery: 'email' | 'link') {
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/workspaces/{id}/members/{userId}/sign-in-link', {
          params: { path: { id: workspaceId, userId: member.userId } },
          body: { delivery },
        }),
      ),
  });
}

/**
 * An admin's menu for one member: mail them a one-time sign-in link (to their own address, when
 * the server sends mail), or get one to pass on, shown once, or the server's reason to refuse.
 */
export function MemberSignInLinkMenu({
  workspaceId,
  member,
  mailConfigured,
}: {
  workspaceId: string;
  member: Member;
  mailConfigured: boolean;
}) {
  const [showing, setShowing] = useState(false);
  const mail = useSignInLink(workspaceId, member, 'email');
  const link = useSignInLink(workspaceId, member, 'link');
  const mailTo = mailConfigured ? member.email : null;
  const mailLink = () =>
    mail.mutate(undefined, {
      onSuccess: ({ expiresAt }) =>
        notifications.show({
          color: 'teal',
          message: `A sign-in link is on its way to ${mailTo}; it works once, until ${timeFormat.format(new Date(expiresAt))}.`,
        }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  const copyLink = () => {
    setShowing(true);
    link.mutate();
  };
  const close = () => {
    setShowing(false);
    link.reset();
  };
  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Sign-in links for ${member.name}`}
            loading={mail.isPending}
          >
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Help {member.name} sign in</Menu.Label>
          {mailTo === null ? null : (
            <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={mailLink}>
              Mail a sign-in link
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={copyLink}>
            Copy a sign-in link
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={showing} onClose={close} title={`Sign-in link for ${member.name}`} centered>
        <Stack gap="md">
          {link.isPending ? <LoadingState label="Creating the link…" /> : null}
          {link.isError ? (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="No link to pass on"
            >
              <Stack gap="xs">
                <Text size="sm">{link.error.message}</Text>
                {mailTo === null ? (
                  <Text size="sm">
                    {member.email === null
                      ? `${member.name} has no email address, so no link can be mailed to them either.`
                      : 'This server sends no mail, so no link can be mailed to them either.'}
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {link.data?.url === undefined ? null : (
            <>
              <Text size="sm">
                Whoever opens this link is signed in as {member.name}: give it to them alone. It
                works once, until {timeFormat.format(new Date(link.data.expiresAt))}, and is shown
                only now. It stops working should {member.name} join another workspace or get a role
                as strong as yours before it is used.
              </Text>
              <CopyField label="Sign-in link" value={link.data.url} copyLabel="Copy sign-in link" />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {link.isSuccess ? 'Done' : 'Cancel'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
