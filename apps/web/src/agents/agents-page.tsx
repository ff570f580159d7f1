import { Anchor, Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { agentPath } from './agent-path.ts';
import { type Agent, useAgents } from './agent-queries.ts';
import { CreateAgentForm } from './create-agent-form.tsx';
import { WaitingApprovalsCard } from './waiting-approvals-card.tsx';

type RuleAction = 'allow' | 'ask' | 'deny';

/** Every permission rule of the workspace: its own and each agent's. */
function useWorkspaceRules() {
  return useQuery({
    queryKey: ['permissions', 'workspace'],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/permissions', { signal }))).rules,
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the agent may use: every skill only when no allowlist and no deny or ask rule narrow it. */
function reachBadges(
  agent: Agent,
  rules: readonly { agentId: string | null; action: RuleAction }[] | undefined,
) {
  const applying = (action: RuleAction) =>
    (rules ?? []).filter(
      (rule) => rule.action === action && (rule.agentId === null || rule.agentId === agent.id),
    ).length;
  const denies = applying('deny');
  const asks = applying('ask');
  const { allowlist } = agent.settings;
  const reach =
    allowlist.length > 0
      ? [`allowlist of ${allowlist.length}`]
      : rules === undefined || denies > 0
        ? []
        : ['every skill'];
  return [
    ...reach,
    ...(denies > 0 ? [plural(denies, 'deny rule', 'deny rules')] : []),
    ...(asks > 0 ? [plural(asks, 'ask rule', 'ask rules')] : []),
  ];
}

function settingBadges(agent: Agent, rules: Parameters<typeof reachBadges>[1]): string[] {
  const { settings } = agent;
  return [
    settings.skillsEnabled ? 'skills on' : 'skills off',
    ...(settings.role === 'member' ? ['edits skills'] : []),
    ...reachBadges(agent, rules),
    ...(settings.includePersonal ? ['personal skills'] : []),
    ...(settings.skills.length === 0 ? [] : [`${settings.skills.length} pinned`]),
    ...(settings.integrations === undefined
      ? []
      : [`${settings.integrations.length} integrations`]),
  ];
}

function AgentListItem({
  agent,
  rules,
}: {
  agent: Agent;
  rules: Parameters<typeof reachBadges>[1];
}) {
  return (
    <Paper withBorder p="md" style={{ opacity: agent.settings.skillsEnabled ? 1 : 0.8 }}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            component={Link}
            to={agentPath(agent.name)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {agent.name}
          </Anchor>
          {settingBadges(agent, rules).map((label) => (
            <Badge
              key={label}
              size="sm"
              variant="light"
              color={label === 'skills off' ? 'gray' : 'indigo'}
            >
              {label}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {agent.description ?? 'No description.'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The agents of the workspace; for admins, the questions agents wait on and a form to create one. */
export function AgentsPage() {
  const me = useMe();
  const agents = useAgents();
  const rules = useWorkspaceRules();
  const canManage = me.data?.can.manageAgents === true;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Agents
        </Title>
        <Text c="dimmed" size="sm">
          Each agent sees the skills its settings and permission rules allow.
        </Text>
      </div>
      {canManage && me.data !== undefined ? (
        <WaitingApprovalsCard myUserId={me.data.principal.id} />
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: canManage ? 8 : 12 }}>
          {agents.isPending ? (
            <LoadingState label="Loading agents…" />
          ) : agents.isError ? (
            <ErrorState
              title="Could not load the agents"
              error={agents.error}
              onRetry={() => agents.refetch()}
            />
          ) : agents.data.length === 0 ? (
            <EmptyState title="No agents yet">
              {canManage
                ? 'Create one to give a bot or a tool its own skills, rules and tokens.'
                : 'An admin of this workspace can create one.'}
            </EmptyState>
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {agents.data.length === 1 ? '1 agent' : `${agents.data.length} agents`}
              </Text>
              <Stack
                gap="xs"
                component="ul"
                aria-label="Agents"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {agents.data.map((agent) => (
                  <li key={agent.id}>
                    <AgentListItem agent={agent} rules={rules.data} />
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
        </Grid.Col>
        {canManage ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CreateAgentForm />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
