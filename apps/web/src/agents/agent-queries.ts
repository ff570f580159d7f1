import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';
import type { paths } from '../api/schema';

/** An agent as the API returns it. */
export type Agent = Schemas['Agent'];

/** The body of `PATCH /api/agents/{id}`. */
export type AgentUpdate =
  paths['/api/agents/{id}']['patch']['requestBody']['content']['application/json'];

/** The agents of the workspace, by name. */
export function useAgents() {
  return useQuery({
    queryKey: ['agents'],
    queryFn: async ({ signal }) => {
      const { agents } = await unwrap(api.GET('/api/agents', { signal }));
      return agents.toSorted((left, right) => left.name.localeCompare(right.name));
    },
  });
}

/** The agent of that name (case-insensitive), from the list of the workspace. */
export function findAgentByName(agents: readonly Agent[], name: string): Agent | undefined {
  const wanted = name.toLowerCase();
  return agents.find((agent) => agent.name.toLowerCase() === wanted);
}

/** Saves a change to an agent and refreshes the list. */
export function useUpdateAgent(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentUpdate) =>
      unwrap(api.PATCH('/api/agents/{id}', { params: { path: { id: agentId } }, body })),
    onSuccess: async (agent) => {
      queryClient.setQueryData<Agent[]>(['agents'], (agents) =>
        agents?.map((each) => (each.id === agent.id ? agent : each)),
      );
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
      await queryClient.invalidateQueries({ queryKey: ['commands'] });
    },
  });
}

/** Deletes an agent with its tokens and rules. */
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agent: Agent) =>
      unwrap(api.DELETE('/api/agents/{id}', { params: { path: { id: agent.id } } })),
    onSuccess: async (_, agent) => {
      notifications.show({ message: `${agent.name} was deleted.`, color: 'gray' });
      await queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
    onError: (error) =>
      notifications.show({
        title: 'Could not delete the agent',
        message: error.message,
        color: 'red',
      }),
  });
}

/** The members of the workspace, for "acts for". */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: ['members', workspaceId],
    queryFn: async ({ signal }): Promise<Schemas['Member'][]> => {
      const { members } = await unwrap(
        api.GET('/api/workspaces/{id}/members', { params: { path: { id: workspaceId } }, signal }),
      );
      return members;
    },
  });
}
