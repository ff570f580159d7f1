import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ConfirmModal } from '../app/confirm-modal.tsx';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { CopyField } from '../team/copy-field.tsx';
import classes from '../team/team.module.css';
import { TOKENS_QUERY_KEY, useTokens } from './use-tokens.ts';

type Token = Schemas['Token'];
type Agent = Schemas['Agent'];

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (value: string | null, fallback: string) =>
  value === null ? fallback : dateFormat.format(new Date(value));

function useAgents(enabled: boolean) {
  return useQuery({
    queryKey: ['agents'],
    enabled,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/agents', { signal }))).agents,
  });
}

function CreateTokenForm({
  agents,
  onCreated,
}: {
  agents: Agent[];
  onCreated: (created: Schemas['CreatedToken']) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [agentId, setAgentId] = useState('me');
  const [expiry, setExpiry] = useState('never');
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/tokens', {
          body: {
            name: name.trim(),
            ...(agentId === 'me' ? {} : { agentId }),
            ...(expiry === 'never'
              ? {}
              : { expiresAt: new Date(Date.now() + Number(expiry) * DAY_MS).toISOString() }),
          },
        }),
      ),
    onSuccess: async (created) => {
      setName('');
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Create a token">
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Name"
            description="What it is for"
            placeholder="ci, laptop, claude-desktop…"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          {agents.length === 0 ? null : (
            <Select
              label="Acts as"
              description="You, or an agent"
              data={[
                { value: 'me', label: 'Me' },
                ...agents.map((agent) => ({ value: agent.id, label: `Agent ${agent.name}` })),
              ]}
              value={agentId}
              allowDeselect={false}
              onChange={(value) => setAgentId(value ?? 'me')}
              w={{ base: '100%', xs: 180 }}
            />
          )}
          <Select
            label="Expires"
            description="When it stops working"
            data={EXPIRY_OPTIONS}
            value={expiry}
            allowDeselect={false}
            onChange={(value) => setExpiry(value ?? 'never')}
            w={{ base: '100%', xs: 150 }}
          />
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconKey size={16} aria-hidden />}
          >
            Create token
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

function TokenRow({
  token,
  agentName,
  onRevoke,
}: {
  token: Token;
  agentName: string | undefined;
  onRevoke: () => void;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py="xs"
      className={classes.row}
    >
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} truncate>
            {token.name}
          </Text>
          <Badge size="xs" variant="light" color={token.kind === 'agent' ? 'grape' : 'gray'}>
            {token.kind === 'agent' ? `Agent ${agentName ?? token.principalId}` : 'You'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          <code>{token.prefix}…</code> · created {formatDate(token.createdAt, '')} · last used{' '}
          {formatDate(token.lastUsedAt, 'never')} · expires {formatDate(token.expiresAt, 'never')}
        </Text>
      </Stack>
      <Tooltip label="Revoke: it stops working at once">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Revoke ${token.name}`}
          onClick={onRevoke}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Bearer tokens: create one (shown once, with a Copy button), list them, revoke them. */
export function TokensCard({ manageAgents }: { manageAgents: boolean }) {
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const agents = useAgents(manageAgents);
  const [created, setCreated] = useState<Schemas['CreatedToken'] | undefined>();
  const [revoking, setRevoking] = useState<Token | undefined>();
  const agentNames = new Map((agents.data ?? []).map((agent) => [agent.id, agent.name]));
  const revoke = useMutation({
    mutationFn: (token: Token) =>
      unwrap(api.DELETE('/api/tokens/{id}', { params: { path: { id: token.id } } })),
    onSuccess: async (_nothing, token) => {
      notifications.show({ message: `The token ${token.name} was revoked.` });
      setRevoking(undefined);
      if (created?.info.id === token.id) setCreated(undefined);
      await queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY });
    },
  });
  const closeRevoke = () => {
    setRevoking(undefined);
    revoke.reset();
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="tokens">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="tokens">
            Tokens
          </Title>
          <Text size="sm" c="dimmed">
            For scripts, the CLI and MCP clients: send one as <code>Authorization: Bearer …</code>.
          </Text>
        </Stack>
        <CreateTokenForm agents={agents.data ?? []} onCreated={setCreated} />
        {created === undefined ? null : (
          <Alert color="teal" variant="light" title={`Token ${created.info.name} created`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  Copy it now: it is shown only once. Only its first characters are kept for
                  display.
                </Text>
                <CloseButton aria-label="Hide the token" onClick={() => setCreated(undefined)} />
              </Group>
              <CopyField label="New token" value={created.token} copyLabel="Copy token" />
            </Stack>
          </Alert>
        )}
        {tokens.isPending ? <LoadingState label="Loading tokens…" /> : null}
        {tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
        ) : null}
        {tokens.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tokens yet.
          </Text>
        ) : null}
        {tokens.data === undefined || tokens.data.length === 0 ? null : (
          <Stack gap={0} component="ul" aria-label="Tokens" className={classes.list}>
            {tokens.data.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                agentName={agentNames.get(token.principalId)}
                onRevoke={() => setRevoking(token)}
              />
            ))}
          </Stack>
        )}
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
          Everything that uses this token stops working at once. This cannot be undone; create a new
          token to replace it.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
