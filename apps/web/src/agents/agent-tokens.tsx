import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ConfirmModal } from '../app/confirm-modal.tsx';
import { ErrorState, LoadingState } from '../app/states.tsx';
import type { Agent } from './agent-queries.ts';

type Token = Schemas['Token'];

function formatDate(iso: string | null): string {
  return iso === null ? 'never' : new Date(iso).toLocaleString();
}

/** The agent's bearer tokens: create one (its secret is shown once) and revoke. */
export function AgentTokens({ agent }: { agent: Agent }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Schemas['CreatedToken']>();
  const [revoking, setRevoking] = useState<Token>();
  const secret = created?.token;
  const tokens = useQuery({
    queryKey: ['tokens'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/tokens', { signal })),
  });
  const create = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/tokens', { body: { name: name.trim(), agentId: agent.id } })),
    onSuccess: async (created) => {
      setCreated(created);
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (token: Token) =>
      unwrap(api.DELETE('/api/tokens/{id}', { params: { path: { id: token.id } } })),
    onSuccess: async (_nothing, token) => {
      notifications.show({ message: `The token ${token.name} was revoked.`, color: 'gray' });
      setRevoking(undefined);
      if (created?.info.id === token.id) setCreated(undefined);
      await queryClient.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const closeRevoke = () => {
    setRevoking(undefined);
    revoke.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate();
  };
  const mine = (tokens.data?.tokens ?? []).filter(
    (token) => token.kind === 'agent' && token.principalId === agent.id && token.revokedAt === null,
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="agent-tokens">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="agent-tokens">
            Tokens
          </Title>
          <Text size="sm" c="dimmed">
            Bearer tokens that act as {agent.name} over the API and MCP.
          </Text>
        </div>
        {secret === undefined ? null : (
          <Alert color="teal" title="Copy the token now: it is not shown again" role="status">
            <Stack gap="xs">
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {secret}
              </Code>
              <Group gap="xs">
                <CopyButton value={secret}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
                <Button size="xs" variant="subtle" onClick={() => setCreated(undefined)}>
                  Done
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {tokens.isPending ? (
          <LoadingState label="Loading tokens…" />
        ) : tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
        ) : mine.length === 0 ? (
          <Text size="sm" c="gray.7">
            No tokens yet. A tool that holds one (an MCP client, a CI job, a script calling the API)
            acts as {agent.name}, under its rules; a new token is shown once, right after you create
            it.
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            aria-label="Agent tokens"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {mine.map((token) => (
              <Group component="li" key={token.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {token.name} <Code>{token.prefix}…</Code>
                  </Text>
                  <Text size="xs" c="dimmed">
                    Last used {formatDate(token.lastUsedAt)}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRevoking(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="New token name"
              placeholder="ci"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={create.error?.message}
              style={{ flex: 1, minWidth: 0 }}
              maxLength={200}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconKey size={16} aria-hidden />}
              loading={create.isPending}
              disabled={name.trim() === ''}
            >
              Create token
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmModal
        opened={revoking !== undefined}
        onClose={closeRevoke}
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => (revoking === undefined ? undefined : revoke.mutate(revoking))}
      >
        <Text size="sm">
          Whatever uses this token stops acting as {agent.name} at once. This cannot be undone;
          create a new token to replace it.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
