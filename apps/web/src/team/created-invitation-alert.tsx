import { Alert, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { Schemas } from '../api/client.ts';
import { CopyField } from './copy-field.tsx';
import { roleLabel } from './roles.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What was just created: the mailed invitation's whereabouts, or the open link to pass on (shown once). */
export function CreatedInvitationAlert({
  created,
  onClose,
}: {
  created: Schemas['CreatedInvitation'];
  onClose: () => void;
}) {
  const { invitation, url } = created;
  const until = dateFormat.format(new Date(invitation.expiresAt));
  if (url === undefined) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconMailCheck size={18} aria-hidden />}
        title={`Invitation mailed to ${invitation.email} (${roleLabel(invitation.role)})`}
        withCloseButton={false}
        role="status"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            The one-time link is on its way to their inbox and works until {until}. It is not shown
            here, and only the account that proves the address can join through it.
          </Text>
          <CloseButton aria-label="Hide this message" onClick={onClose} />
        </Group>
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      variant="light"
      title={`Open link for ${invitation.email} (${roleLabel(invitation.role)})`}
      withCloseButton={false}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            Whoever opens this one-time link first joins as {roleLabel(invitation.role)}: give it to
            them alone. It is shown only now and works until {until}.
          </Text>
          <CloseButton aria-label="Hide the link" onClick={onClose} />
        </Group>
        <CopyField label="Invitation link" value={url} copyLabel="Copy invitation link" />
      </Stack>
    </Alert>
  );
}
