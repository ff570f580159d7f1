import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, type SkillDetail, unwrap } from '../api/client.ts';
import { skillPath } from '../skills/skill-path.ts';

/**
 * For a skill that shadows the built-in skill of its name (an edited built-in): deletes this copy
 * after a confirmation, so the built-in one is used again.
 */
export function ResetToBuiltinButton({ skill }: { skill: SkillDetail }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/api/skills/{name}', {
          params: { path: { name: skill.name }, query: { scope: skill.scope, force: 'true' } },
        }),
      ),
    onSuccess: async () => {
      close();
      notifications.show({ message: `${skill.name} is the built-in skill again.`, color: 'gray' });
      queryClient.removeQueries({ queryKey: ['skill', skill.name] });
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
      navigate(skillPath({ name: skill.name, scope: 'builtin' }));
    },
  });
  const shadowsBuiltin = skill.shadows.some((other) => other.scope === 'builtin');
  if (skill.scope === 'builtin' || !shadowsBuiltin || !skill.can.delete) {
    return null;
  }
  return (
    <>
      <Button
        variant="default"
        size="sm"
        px="sm"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={open}
      >
        Reset to built-in
      </Button>
      <Modal opened={opened} onClose={close} title={`Reset ${skill.name}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            This deletes the {skill.scope} copy of <b>{skill.name}</b> and its {skill.version}{' '}
            {skill.version === 1 ? 'version' : 'versions'}; the built-in skill of that name is used
            again.
          </Text>
          {reset.isError ? (
            <Alert color="red" variant="light" role="alert">
              {reset.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={reset.isPending} onClick={() => reset.mutate()}>
              Reset to built-in
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
