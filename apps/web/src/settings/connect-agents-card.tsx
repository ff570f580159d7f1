import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client.ts';
import { CommandField } from './command-field.tsx';
import classes from './connect-agents-card.module.css';
import { SYNC_AGENTS, type SyncAgent, syncCommandParts } from './sync-command.ts';
import { TOKENS_QUERY_KEY, useTokens } from './use-tokens.ts';

const nameFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const descriptionClass = { description: classes.description };

/**
 * The `npx skillset sync` command that puts the skills I may use into my agents' folders:
 * creates a token of my own for it and shows the whole command once, with a Copy button.
 */
export function ConnectAgentsCard() {
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const [agents, setAgents] = useState<SyncAgent[]>(['claude']);
  const [watch, setWatch] = useState(false);
  const [global, setGlobal] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/tokens', { body: { name: `sync from ${nameFormat.format(new Date())}` } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
  const created = create.data;
  // Revoked in the tokens list: its command no longer works, so it is not shown.
  const revoked =
    created !== undefined &&
    tokens.data !== undefined &&
    !tokens.data.some((token) => token.id === created.info.id);
  const noAgent = agents.length === 0;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="connect-agents"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="connect-agents">
            Connect your agents
          </Title>
          <Text size="sm" c="gray.7">
            Put the skills you may use into your agents’ skill folders on your computer with{' '}
            <code>skillset sync</code>. Run the command in a project’s folder; it writes{' '}
            <code>skillset-lock.json</code> there and later runs update only what it installed.
          </Text>
        </Stack>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Checkbox.Group
            label="Agents"
            description="The folders it fills"
            value={agents}
            onChange={(value) => setAgents(value as SyncAgent[])}
            error={noAgent ? 'Pick at least one agent.' : undefined}
            classNames={descriptionClass}
          >
            <Stack gap="xs" mt={6}>
              {SYNC_AGENTS.map((agent) => (
                <Checkbox
                  key={agent.value}
                  value={agent.value}
                  label={agent.label}
                  description={<code>{agent.folder}</code>}
                  classNames={descriptionClass}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Stack gap="sm" style={{ flex: '1 1 240px' }}>
            <Switch
              label="Keep in step (--watch)"
              description="Keeps running and applies the server’s changes as they happen."
              checked={watch}
              onChange={(event) => setWatch(event.currentTarget.checked)}
              classNames={descriptionClass}
            />
            <Switch
              label="Into my home folders (--global)"
              description="For every project, e.g. ~/.claude/skills, instead of the current folder’s."
              checked={global}
              onChange={(event) => setGlobal(event.currentTarget.checked)}
              classNames={descriptionClass}
            />
          </Stack>
        </Group>
        {created === undefined || revoked ? (
          <Group>
            <Button
              onClick={() => create.mutate()}
              loading={create.isPending}
              disabled={noAgent}
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
            >
              Create a token and show the command
            </Button>
          </Group>
        ) : (
          <Alert color="teal" variant="light" title="Your sync command">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  It holds the new token <strong>{created.info.name}</strong>, shown only this once:
                  copy the command now. The choices above change it. Revoke the token under Tokens
                  below when this computer no longer needs it.
                </Text>
                <CloseButton aria-label="Hide the command" onClick={() => create.reset()} />
              </Group>
              <CommandField
                label="Command"
                parts={syncCommandParts({
                  server: window.location.origin,
                  token: created.token,
                  agents,
                  watch,
                  global,
                })}
              />
            </Stack>
          </Alert>
        )}
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
