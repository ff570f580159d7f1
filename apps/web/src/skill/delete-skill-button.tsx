import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, type SkillDetail, unwrap } from '../api/client.ts';
import { scheduleWithUndo } from '../app/undoable-action.tsx';
import { skillDeletionKey } from '../skills/skill-deletion-key.ts';

/**
 * Deletes the skill after a confirmation that names the agents still referencing it; the deletion
 * is sent once the undo window has passed.
 */
export function DeleteSkillButton({ skill }: { skill: SkillDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const referenced = skill.agents.length > 0;
  const remove = () => {
    close();
    scheduleWithUndo({
      key: skillDeletionKey(skill),
      message: `${skill.name} was deleted.`,
      commit: async ({ keepalive }) => {
        try {
          await unwrap(
            api.DELETE('/api/skills/{name}', {
              params: {
                path: { name: skill.name },
                query: { scope: skill.scope, ...(referenced ? { force: 'true' as const } : {}) },
              },
              keepalive,
            }),
          );
          queryClient.removeQueries({ queryKey: ['skill', skill.name] });
        } finally {
          await queryClient.invalidateQueries({ queryKey: ['skills'] });
        }
      },
    });
    navigate('/skills');
  };
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
            {skill.version === 1 ? 'version' : 'versions'}. You can undo it for a few seconds after;
            download it as a ZIP first to keep a copy.
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
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={remove}>
              {referenced ? 'Delete anyway' : 'Delete skill'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
