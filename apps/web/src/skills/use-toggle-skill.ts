import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type SkillScope, unwrap } from '../api/client.ts';

/** Switches a skill on or off, then refreshes the lists and the skill's page. */
export function useToggleSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, scope, enabled }: { name: string; scope: SkillScope; enabled: boolean }) =>
      unwrap(
        api.POST(enabled ? '/api/skills/{name}/enable' : '/api/skills/{name}/disable', {
          params: { path: { name }, query: { scope } },
        }),
      ),
    onSuccess: async (skill) => {
      notifications.show({
        message: `${skill.name} is ${skill.enabled ? 'on' : 'off'}.`,
        color: skill.enabled ? 'teal' : 'gray',
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
}
