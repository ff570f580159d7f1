import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMailPlus, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ROLE_OPTIONS, type WorkspaceRole } from './roles.ts';

type Kind = Schemas['InvitationKind'];

const KIND_HINTS: Record<Kind, string> = {
  email:
    'The link goes to their address only, and only the account that proves that address can join through it.',
  open_link:
    'A one-time link you pass on yourself: whoever opens it first joins. Their address stays unproven.',
};

/** The invitation form: address, role and, when the server sends mail, the kind of invitation. */
export function InviteForm({
  workspaceId,
  inviteRoles,
  mailConfigured,
  onCreated,
}: {
  workspaceId: string;
  /** The roles the server lets me invite someone as. */
  inviteRoles: readonly WorkspaceRole[];
  mailConfigured: boolean;
  onCreated: (created: Schemas['CreatedInvitation']) => void;
}) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('member');
  const [chosenKind, setKind] = useState<Kind>('email');
  const kind: Kind = mailConfigured ? chosenKind : 'open_link';
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/workspaces/{id}/invitations', {
          params: { path: { id: workspaceId } },
          body: { email: email.trim(), role, kind },
        }),
      ),
    onSuccess: async (created) => {
      setEmail('');
      onCreated(created);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invitations', workspaceId] }),
        queryClient.invalidateQueries({ queryKey: ['audit', workspaceId] }),
      ]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const roleHint = ROLE_OPTIONS.find((option) => option.value === role)?.hint;
  return (
    <form onSubmit={submit} aria-label="Invite someone">
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            required
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS.filter((option) => inviteRoles.includes(option.value)).map(
              (option) => ({ value: option.value, label: option.label }),
            )}
            value={role}
            allowDeselect={false}
            onChange={(value) => setRole((value ?? 'member') as WorkspaceRole)}
            w={{ base: '100%', xs: 140 }}
          />
        </Group>
        {mailConfigured ? (
          <Radio.Group label="Invitation" value={kind} onChange={(value) => setKind(value as Kind)}>
            <Group gap="md" mt={6} wrap="wrap">
              <Radio value="email" label="Mail it to the address" />
              <Radio value="open_link" label="Open link to pass on" />
            </Group>
          </Radio.Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {roleHint}.{' '}
          {mailConfigured
            ? KIND_HINTS[kind]
            : 'This server sends no mail, so the invitation is an open link: a one-time link you pass on yourself, and whoever opens it first joins.'}
        </Text>
        <Group>
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={
              kind === 'email' ? (
                <IconSend size={16} aria-hidden />
              ) : (
                <IconMailPlus size={16} aria-hidden />
              )
            }
          >
            {kind === 'email' ? 'Send invitation' : 'Create open link'}
          </Button>
        </Group>
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
