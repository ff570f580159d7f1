import { Anchor, Breadcrumbs, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { CatalogBudgetBanner } from '../skills/catalog-budget-banner.tsx';
import { findAgentByName, useAgents } from './agent-queries.ts';
import { AgentSettingsForm } from './agent-settings-form.tsx';
import { AgentTokens } from './agent-tokens.tsx';
import { DeleteAgentButton } from './delete-agent-button.tsx';
import { PermissionMatrixTable } from './permission-matrix-table.tsx';

/** One agent: its settings, its permission matrix and its tokens. */
export function AgentPage() {
  const { name = '' } = useParams();
  const me = useMe();
  const agents = useAgents();
  if (agents.isPending) return <LoadingState label="Loading the agent…" />;
  if (agents.isError) {
    return (
      <ErrorState
        title="Could not load the agent"
        error={agents.error}
        onRetry={() => agents.refetch()}
      />
    );
  }
  const agent = findAgentByName(agents.data, name);
  if (agent === undefined) {
    return (
      <EmptyState
        title={`No agent named ${name}`}
        action={
          <Button component={Link} to="/agents" variant="light">
            See the agents
          </Button>
        }
      >
        It may have been renamed or deleted.
      </EmptyState>
    );
  }
  const canManage = me.data?.can.manageAgents === true;
  const workspaceId = me.data?.principal.workspaceId ?? agent.workspaceId;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/agents" size="sm">
          Agents
        </Anchor>
        <Text size="sm">{agent.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {agent.name}
          </Title>
          <Text c="dimmed" size="sm">
            {agent.description ?? 'No description.'}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/playground?agent=${encodeURIComponent(agent.name)}`}
            variant="light"
            leftSection={<IconMessageChatbot size={16} aria-hidden />}
          >
            Try in playground
          </Button>
          {canManage ? <DeleteAgentButton agent={agent} /> : null}
        </Group>
      </Group>
      <CatalogBudgetBanner agent={agent} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <AgentSettingsForm
              key={agent.updatedAt}
              agent={agent}
              workspaceId={workspaceId}
              canEdit={canManage}
            />
            {canManage ? <AgentTokens agent={agent} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PermissionMatrixTable agent={agent} canEdit={canManage} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
