import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../app/confirm-modal.tsx';
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
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={`Delete ${agent.name}?`}
        confirmLabel="Delete agent"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(agent, { onSuccess: () => navigate('/agents') })}
      >
        <Text size="sm">
          This deletes the agent <b>{agent.name}</b> with its tokens and permission rules. Every
          program using one of its tokens is refused from now on; this cannot be undone.
        </Text>
      </ConfirmModal>
    </>
  );
}
