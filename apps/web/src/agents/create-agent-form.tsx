import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { agentPath } from './agent-path.ts';

/** A small form that creates an agent and opens its page. */
export function CreateAgentForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/agents', {
          body: {
            name: name.trim(),
            ...(description.trim() === '' ? {} : { description: description.trim() }),
          },
        }),
      ),
    onSuccess: async (agent) => {
      notifications.show({ message: `${agent.name} was created.`, color: 'teal' });
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
      navigate(agentPath(agent.name));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate();
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="new-agent">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-agent">
          New agent
        </Title>
        <TextInput
          label="Name"
          placeholder="support-bot"
          description="Names the agent in the playground and the API; no slashes."
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            create.reset();
          }}
          error={create.error?.message}
          required
          maxLength={100}
        />
        <Textarea
          label="Description"
          placeholder="What this agent is for"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending}
            disabled={name.trim() === ''}
          >
            Create agent
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
