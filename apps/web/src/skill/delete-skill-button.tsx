import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, type SkillDetail, unwrap } from '../api/client.ts';

/** Deletes the skill after a confirmation that names the agents still referencing it. */
export function DeleteSkillButton({ skill }: { skill: SkillDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const referenced = skill.agents.length > 0;
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/api/skills/{name}', {
          params: {
            path: { name: skill.name },
            query: { scope: skill.scope, ...(referenced ? { force: 'true' as const } : {}) },
          },
        }),
      ),
    onSuccess: async () => {
      close();
      notifications.show({ message: `${skill.name} was deleted.`, color: 'gray' });
      queryClient.removeQueries({ queryKey: ['skill', skill.name] });
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
      navigate('/skills');
    },
  });
  return (
    <>
      <Button
        color="red"
        variant="subtle"
        size="sm"
        px="xs"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={open}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={close} title={`Delete ${skill.name}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            This deletes the {skill.scope} skill <b>{skill.name}</b> with all its {skill.version}{' '}
            {skill.version === 1 ? 'version' : 'versions'}. It cannot be undone; download it as a
            ZIP first to keep a copy.
          </Text>
          {referenced ? (
            <Alert color="orange" variant="light" title="Agents still use this skill">
              <Text size="sm">Deleting it removes it from:</Text>
              <List size="sm" mt={4}>
                {skill.agents.map((agent) => (
                  <List.Item key={agent.id}>{agent.name}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {referenced ? 'Delete anyway' : 'Delete skill'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
