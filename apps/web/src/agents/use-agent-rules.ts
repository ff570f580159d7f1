import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import {
  type MatrixAction,
  type PermissionRule,
  type PermissionRuleInput,
  type RuleAction,
  type RuleSurface,
  withMatrixAction,
  withoutRule,
  withPatternRule,
} from './permission-matrix.ts';

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

/** What a change to the agent's rules does: the new rules, and what to say afterwards. */
interface RuleChange<Variables> {
  rules: (current: PermissionRule[], variables: Variables) => PermissionRuleInput[];
  onSaved: (variables: Variables) => void;
  onError?: (error: Error) => void;
}

/**
 * A mutation that replaces every rule of the agent with what `change` makes of the cached ones
 * (`PUT /api/permissions`), then stores the answer and refreshes what the rules decide.
 */
function useReplaceAgentRules<Variables>(agentId: string, change: RuleChange<Variables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      const current = queryClient.getQueryData<PermissionRule[]>(rulesKey(agentId)) ?? [];
      return unwrap(
        api.PUT('/api/permissions', {
          body: { agentId, rules: change.rules(current, variables) },
        }),
      );
    },
    onSuccess: async ({ rules }, variables) => {
      queryClient.setQueryData<PermissionRule[]>(rulesKey(agentId), (previous) => [
        ...(previous ?? []).filter((rule) => rule.agentId !== agentId),
        ...rules,
      ]);
      change.onSaved(variables);
      await queryClient.invalidateQueries({ queryKey: ['commands'] });
      await queryClient.invalidateQueries({ queryKey: ['chat-prompt'] });
      await queryClient.invalidateQueries({ queryKey: ['permissions', 'workspace'] });
    },
    ...(change.onError === undefined ? {} : { onError: change.onError }),
  });
}

/** Sets one skill's cell of the agent's matrix, keeping the agent's other rules. */
export function useSetMatrixAction(agentId: string) {
  return useReplaceAgentRules(agentId, {
    rules: (current, { skill, action }: { skill: string; action: MatrixAction }) =>
      withMatrixAction(current, agentId, skill, action),
    onSaved: ({ skill, action }) =>
      notifications.show({
        message:
          action === 'default'
            ? `${skill} follows the workspace rules again.`
            : `${skill}: ${action} for this agent.`,
        color: action === 'deny' ? 'red' : action === 'ask' ? 'yellow' : 'teal',
      }),
    onError: (error) =>
      notifications.show({
        title: 'Could not change the rule',
        message: error.message,
        color: 'red',
      }),
  });
}

/** Adds a pattern rule to the agent (or replaces the one of the same pattern and surface); errors stay with the form. */
export function useAddPatternRule(agentId: string) {
  return useReplaceAgentRules(agentId, {
    rules: (current, added: { skill: string; surface: RuleSurface; action: RuleAction }) =>
      withPatternRule(current, agentId, added),
    onSaved: ({ skill, action }) =>
      notifications.show({ message: `${action} ${skill.trim()}: saved for this agent.` }),
  });
}

/** Removes one rule of the agent; errors stay with the confirmation. */
export function useRemoveAgentRule(agentId: string) {
  return useReplaceAgentRules(agentId, {
    rules: (current, rule: PermissionRule) => withoutRule(current, agentId, rule.id),
    onSaved: (rule) =>
      notifications.show({ message: `The rule ${rule.action} ${rule.skill} was removed.` }),
  });
}
