import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type SkillScope, unwrap } from '../api/client.ts';

interface Toggle {
  name: string;
  scope: SkillScope;
  enabled: boolean;
}

/** Switches a skill on or off, then refreshes the lists and the skill's page; the notice offers Undo. */
export function useToggleSkill() {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ name, scope, enabled }: Toggle) =>
      unwrap(
        api.POST(enabled ? '/api/skills/{name}/enable' : '/api/skills/{name}/disable', {
          params: { path: { name }, query: { scope } },
        }),
      ),
    onSuccess: async (skill, { scope }) => {
      const id = `toggle-skill:${scope}:${skill.name}`;
      notifications.hide(id);
      notifications.show({
        id,
        color: skill.enabled ? 'teal' : 'gray',
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{`${skill.name} is ${skill.enabled ? 'on' : 'off'}.`}</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                toggle.mutate({ name: skill.name, scope, enabled: !skill.enabled });
              }}
            >
              Undo
            </Button>
          </Group>
        ),
      });
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
      await queryClient.invalidateQueries({ queryKey: ['skill', skill.name] });
    },
    onError: (error) => {
      notifications.show({
        title: 'Could not switch the skill',
        message: error.message,
        color: 'red',
      });
    },
  });
  return toggle;
}
