import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { type Agent, useDeleteAgent } from './agent-queries.ts';

/** Deletes the agent, with its tokens and rules, after a confirmation that says what goes with it. */
export function DeleteAgentButton({ agent }: { agent: Agent }) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const remove = useDeleteAgent();
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={open}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={close} title={`Delete ${agent.name}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            This deletes the agent <b>{agent.name}</b> with its tokens and permission rules. Every
            program using one of its tokens is refused from now on; this cannot be undone.
          </Text>
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(agent, { onSuccess: () => navigate('/agents') })}
            >
              Delete agent
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
