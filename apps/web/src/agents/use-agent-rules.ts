import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { type MatrixAction, type PermissionRule, withMatrixAction } from './permission-matrix.ts';

const rulesKey = (agentId: string) => ['permissions', agentId];

/** The workspace-wide rules and the rules of one agent. */
export function useAgentRules(agentId: string) {
  return useQuery({
    queryKey: rulesKey(agentId),
    queryFn: async ({ signal }) => {
      const { rules } = await unwrap(
        api.GET('/api/permissions', { params: { query: { agentId } }, signal }),
      );
      return rules;
    },
  });
}

/** Sets one skill's cell of the agent's matrix, keeping the agent's other rules. */
export function useSetMatrixAction(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ skill, action }: { skill: string; action: MatrixAction }) => {
      const current = queryClient.getQueryData<PermissionRule[]>(rulesKey(agentId)) ?? [];
      return unwrap(
        api.PUT('/api/permissions', {
          body: { agentId, rules: withMatrixAction(current, agentId, skill, action) },
        }),
      );
    },
    onSuccess: async ({ rules }, { skill, action }) => {
      queryClient.setQueryData<PermissionRule[]>(rulesKey(agentId), (previous) => [
        ...(previous ?? []).filter((rule) => rule.agentId !== agentId),
        ...rules,
      ]);
      notifications.show({
        message:
          action === 'default'
            ? `${skill} follows the workspace rules again.`
            : `${skill}: ${action} for this agent.`,
        color: action === 'deny' ? 'red' : action === 'ask' ? 'yellow' : 'teal',
      });
      await queryClient.invalidateQueries({ queryKey: ['commands'] });
      await queryClient.invalidateQueries({ queryKey: ['chat-prompt'] });
    },
    onError: (error) =>
      notifications.show({
        title: 'Could not change the rule',
        message: error.message,
        color: 'red',
      }),
  });
}
