import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import type { Me } from '../api/client.ts';
import { ConfirmModal } from '../app/confirm-modal.tsx';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { useMembers } from '../team/team-queries.ts';
import { AddSecretForm } from './add-secret-form.tsx';
import { EditSecretModal } from './edit-secret-modal.tsx';
import { SecretsNotConfigured } from './secrets-not-configured.tsx';
import { SecretsTable } from './secrets-table.tsx';
import {
  type Secret,
  useApproveRevision,
  useDeleteSecret,
  useSecrets,
  useSkillNames,
} from './use-secrets.ts';

function Intro() {
  return (
    <Stack gap={2}>
      <Title order={1}>Secrets</Title>
      <Text c="dimmed">
        API keys and tokens for skill scripts: each goes only into the environment of the skills it
        is bound to, never to the model.
      </Text>
    </Stack>
  );
}

function SecretsSection({ workspaceId, userId }: { workspaceId: string; userId: string }) {
  const secrets = useSecrets(workspaceId, true);
  const skillNames = useSkillNames(secrets.isSuccess);
  const members = useMembers(workspaceId);
  const remove = useDeleteSecret(workspaceId);
  const approve = useApproveRevision(workspaceId);
  const nameOf = (id: string | null) => {
    if (id === null) return 'someone';
    if (id === userId) return 'you';
    return members.data?.find((member) => member.userId === id)?.name ?? 'someone else';
  };
  const [editing, setEditing] = useState<Secret | undefined>();
  const [deleting, setDeleting] = useState<Secret | undefined>();
  const suggestions = skillNames.data;

  if (secrets.isPending) return <LoadingState label="Loading secrets…" />;
  if (secrets.isError) {
    if (secrets.error instanceof ApiError && secrets.error.code === 'secrets_not_configured') {
      return <SecretsNotConfigured />;
    }
    return (
      <ErrorState
        title="Could not load the secrets"
        error={secrets.error}
        onRetry={() => secrets.refetch()}
      />
    );
  }
  const closeDelete = () => {
    setDeleting(undefined);
    remove.reset();
  };
  return (
    <>
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="add-secret"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-secret">
            Add a secret
          </Title>
          <AddSecretForm
            workspaceId={workspaceId}
            secrets={secrets.data}
            suggestions={suggestions}
          />
        </Stack>
      </Paper>
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="secret-list"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="secret-list">
            Stored secrets
          </Title>
          <Text size="sm" c="gray.7">
            A skill’s scripts get a secret only in the revision an admin approved. A new version, an
            edit or a restore by anyone runs without it until an admin approves that revision here.
          </Text>
          {secrets.data.length === 0 ? (
            <Text size="sm" c="gray.7">
              No secrets yet. A skill that needs one lists it under <code>requires.env</code>.
            </Text>
          ) : (
            <SecretsTable
              secrets={secrets.data}
              nameOf={nameOf}
              approving={approve.isPending ? approve.variables : undefined}
              onApprove={(approval) =>
                approve.mutate(approval, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      message: `Scripts of ${approval.skill} get ${approval.name} again.`,
                    }),
                  onError: (error) => notifications.show({ color: 'red', message: error.message }),
                })
              }
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          )}
        </Stack>
      </Paper>
      {editing === undefined ? null : (
        <EditSecretModal
          key={editing.name}
          workspaceId={workspaceId}
          secret={editing}
          suggestions={suggestions}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={closeDelete}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete secret"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting === undefined) return;
          remove.mutate(deleting.name, {
            onSuccess: () => {
              notifications.show({ message: `${deleting.name} was deleted.` });
              closeDelete();
            },
          });
        }}
      >
        <Text size="sm">
          {deleting === undefined || deleting.skills.length === 0
            ? 'The value is deleted for good.'
            : `Scripts of ${deleting.skills.join(', ')} no longer get ${deleting.name}. The value is deleted for good.`}
        </Text>
      </ConfirmModal>
    </>
  );
}

/** The Secrets page: admins add, rebind and delete the workspace's secrets; values are never shown. */
export function SecretsPage({ me }: { me: Me }) {
  const admin = me.can.manageSecrets;
  return (
    <Stack gap="lg">
      <Intro />
      {admin ? (
        <SecretsSection workspaceId={me.principal.workspaceId} userId={me.principal.id} />
      ) : (
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} role="status">
          Only admins and owners can see and change the workspace’s secrets.
        </Alert>
      )}
    </Stack>
  );
}
