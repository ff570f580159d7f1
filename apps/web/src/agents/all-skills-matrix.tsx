import { Group, Pagination, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { MatrixTable, type MatrixTableProps } from './matrix-table.tsx';
import type { RuleAction } from './permission-matrix.ts';

const PAGE_SIZE = 25;

/** The options of {@link AllSkillsMatrix}. */
export interface AllSkillsMatrixProps extends Omit<MatrixTableProps, 'rows'> {
  q: string;
  page: number;
  onPage: (page: number) => void;
  cells: ReadonlyMap<string, RuleAction>;
}

/** Every skill of the workspace, searched and paged by the server, with the agent's cells. */
export function AllSkillsMatrix({ q, page, onPage, cells, ...table }: AllSkillsMatrixProps) {
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
  if (skills.isPending) return <LoadingState label="Loading skills…" />;
  if (skills.isError) {
    return (
      <ErrorState
        title="Could not load the skills"
        error={skills.error}
        onRetry={() => skills.refetch()}
      />
    );
  }
  if (skills.data.items.length === 0) {
    return (
      <EmptyState title="No skills match">
        {q === '' ? 'The workspace has no skills yet.' : 'Try other words.'}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(skills.data.total / PAGE_SIZE));
  return (
    <>
      <MatrixTable
        {...table}
        rows={skills.data.items.map((skill) => ({
          skill: skill.name,
          scope: skill.scope,
          description: skill.description,
          action: cells.get(skill.name) ?? 'default',
        }))}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {skills.data.total === 1 ? '1 skill' : `${skills.data.total.toLocaleString()} skills`}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={0}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Permissions page ${item}` })}
          />
        ) : null}
      </Group>
    </>
  );
}
