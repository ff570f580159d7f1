import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { skillPath } from '../skills/skill-path.ts';
import type { Agent } from './agent-queries.ts';
import classes from './permission-matrix.module.css';
import {
  type MatrixAction,
  otherAgentRules,
  type PermissionRule,
  readMatrix,
} from './permission-matrix.ts';
import { useAgentRules, useSetMatrixAction } from './use-agent-rules.ts';

const PAGE_SIZE = 25;
const ACTIONS: Array<{ value: MatrixAction; label: string }> = [
  { value: 'default', label: 'Default' },
  { value: 'allow', label: 'Allow' },
  { value: 'ask', label: 'Ask' },
  { value: 'deny', label: 'Deny' },
];

function describeRule(rule: PermissionRule): string {
  const who = rule.principal === '*' ? '' : ` for ${rule.principal}`;
  const where = rule.surface === '*' ? '' : ` on ${rule.surface}`;
  return `${rule.action} ${rule.skill}${where}${who}`;
}

/** The agent's permission matrix: one row per skill, default / allow / ask / deny. */
export function PermissionMatrixTable({ agent, canEdit }: { agent: Agent; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 200);
  const [page, setPage] = useState(1);
  const rules = useAgentRules(agent.id);
  const setAction = useSetMatrixAction(agent.id);
  const skills = useQuery({
    queryKey: ['skills', { q, limit: PAGE_SIZE, page }],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/skills', {
          params: { query: { q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const cells = readMatrix(rules.data ?? [], agent.id);
  const others = otherAgentRules(rules.data ?? [], agent.id);
  const workspaceRules = (rules.data ?? []).filter((rule) => rule.agentId === null);
  const pages = Math.max(1, Math.ceil((skills.data?.total ?? 0) / PAGE_SIZE));
  const pending = setAction.isPending ? setAction.variables?.skill : undefined;

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
        <TextInput
          label="Filter skills"
          placeholder="Name or description"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {skills.isPending || rules.isPending ? (
          <LoadingState label="Loading skills and rules…" />
        ) : skills.isError || rules.isError ? (
          <ErrorState
            title="Could not load the permissions"
            error={skills.error ?? rules.error}
            onRetry={() => {
              skills.refetch();
              rules.refetch();
            }}
          />
        ) : skills.data.items.length === 0 ? (
          <EmptyState title="No skills match">
            {q === '' ? 'The workspace has no skills yet.' : 'Try other words.'}
          </EmptyState>
        ) : (
          <>
            <table className={classes.table} aria-labelledby="agent-permissions">
              <thead>
                <tr>
                  <th scope="col">Skill</th>
                  {ACTIONS.map(({ value, label }) => (
                    <th key={value} scope="col" className={classes.choice}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {skills.data.items.map((skill) => {
                  const current = cells.get(skill.name) ?? 'default';
                  return (
                    <tr key={`${skill.scope}:${skill.name}`}>
                      <th scope="row">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Group gap={6} wrap="wrap">
                            <Anchor
                              component={Link}
                              to={skillPath(skill)}
                              size="sm"
                              fw={600}
                              style={{ overflowWrap: 'anywhere' }}
                            >
                              {skill.name}
                            </Anchor>
                            {current === 'default' ? null : (
                              <Badge
                                size="xs"
                                variant="light"
                                color={
                                  current === 'deny' ? 'red' : current === 'ask' ? 'yellow' : 'teal'
                                }
                              >
                                {current}
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed" lineClamp={1} visibleFrom="sm">
                            {skill.description}
                          </Text>
                        </Stack>
                      </th>
                      {ACTIONS.map(({ value, label }) => (
                        <td key={value} className={classes.choice}>
                          <Radio
                            name={`permission-${skill.scope}-${skill.name}`}
                            value={value}
                            checked={current === value}
                            onChange={() => setAction.mutate({ skill: skill.name, action: value })}
                            aria-label={`${label} ${skill.name}`}
                            disabled={!canEdit || pending === skill.name}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {skills.data.total === 1
                  ? '1 skill'
                  : `${skills.data.total.toLocaleString()} skills`}
              </Text>
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  siblings={0}
                  boundaries={1}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Permissions page ${item}` })}
                />
              ) : null}
            </Group>
          </>
        )}
        {others.length + workspaceRules.length > 0 ? (
          <Text size="xs" c="dimmed">
            Also in force:{' '}
            {[
              ...others.map(describeRule),
              ...workspaceRules.map((rule) => `${describeRule(rule)} (workspace)`),
            ].join('; ')}
            . The{' '}
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
