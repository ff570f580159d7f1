import {
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../app/states.tsx';
import type { Agent } from './agent-queries.ts';
import { AllSkillsMatrix } from './all-skills-matrix.tsx';
import { OverridesMatrix } from './overrides-matrix.tsx';
import { PatternRules } from './pattern-rules.tsx';
import {
  describeRule,
  type MatrixAction,
  otherAgentRules,
  type PermissionView,
  readMatrix,
  readPermissionView,
} from './permission-matrix.ts';
import { useAgentRules, useSetMatrixAction } from './use-agent-rules.ts';

const VIEWS: Array<{ value: PermissionView; label: string }> = [
  { value: 'all', label: 'All skills' },
  { value: 'overrides', label: 'Only overrides' },
];

/**
 * The agent's permissions: a matrix of every skill (paged by the server) or of its overrides only
 * (`?permissions=overrides`), its pattern rules, and the workspace rules that also hold.
 */
export function PermissionMatrixTable({ agent, canEdit }: { agent: Agent; canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const view = readPermissionView(params.get('permissions'));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 200);
  const [page, setPage] = useState(1);
  const rules = useAgentRules(agent.id);
  const setAction = useSetMatrixAction(agent.id);
  const all = rules.data ?? [];
  const cells = readMatrix(all, agent.id);
  const workspaceRules = all.filter((rule) => rule.agentId === null);
  const table = {
    agentId: agent.id,
    labelledBy: 'agent-permissions',
    rules: all,
    cells,
    canEdit,
    pendingSkill: setAction.isPending ? setAction.variables?.skill : undefined,
    onChange: (skill: string, action: MatrixAction) => setAction.mutate({ skill, action }),
  };
  const changeView = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (readPermissionView(value) === 'overrides') next.set('permissions', 'overrides');
        else next.delete('permissions');
        return next;
      },
      { replace: true },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="agent-permissions">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="agent-permissions">
            Permissions
          </Title>
          <Text size="sm" c="dimmed">
            What {agent.name} may do with each skill. Default follows the workspace rules; deny
            beats ask beats allow.
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500} id="permission-view-label">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="permission-view-label"
            value={view}
            onChange={changeView}
            data={VIEWS}
            size="sm"
          />
        </Group>
        <TextInput
          label={view === 'overrides' ? 'Filter overrides' : 'Filter skills'}
          placeholder={view === 'overrides' ? 'Skill name' : 'Name or description'}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {rules.isPending ? (
          <LoadingState label="Loading the rules…" />
        ) : rules.isError ? (
          <ErrorState
            title="Could not load the permissions"
            error={rules.error}
            onRetry={() => rules.refetch()}
          />
        ) : view === 'overrides' ? (
          <OverridesMatrix {...table} agentName={agent.name} search={search} />
        ) : (
          <AllSkillsMatrix {...table} q={q} page={page} onPage={setPage} />
        )}
        {rules.isSuccess ? (
          <PatternRules
            agentId={agent.id}
            agentName={agent.name}
            rules={otherAgentRules(all, agent.id)}
            canEdit={canEdit}
          />
        ) : null}
        {workspaceRules.length > 0 ? (
          <Text size="xs" c="dimmed">
            Workspace rules, for every agent: {workspaceRules.map(describeRule).join('; ')}. The{' '}
            <Anchor
              component={Link}
              to={`/playground?agent=${encodeURIComponent(agent.name)}`}
              size="xs"
              underline="always"
            >
              playground
            </Anchor>{' '}
            shows the outcome for each skill.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
