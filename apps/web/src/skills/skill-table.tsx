import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Schemas } from '../api/client.ts';
import { formatTimeAgo } from './format-time-ago.ts';
import type { LibrarySort } from './library-view.ts';
import { skillPath } from './skill-path.ts';
import classes from './skill-table.module.css';
import { SortableColumnHeader } from './sortable-column-header.tsx';

const exactTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const SIGNATURE_LABELS = { signed: 'Yes', unsigned: 'No', invalid: 'Invalid' } as const;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Options of {@link SkillTable}. */
export interface SkillTableProps {
  skills: Schemas['SkillListItem'][];
  /** The order shown; undefined while search results come by relevance (headers cannot sort). */
  sort?: LibrarySort;
  onSort: (sort: LibrarySort) => void;
}

/** The library as a compact table: one line per skill, sortable by name, update and use. */
export function SkillTable({ skills, sort, onSort }: SkillTableProps) {
  const header = (column: LibrarySort, direction: 'ascending' | 'descending') => ({
    ...(sort === undefined ? {} : { direction }),
    active: sort === column,
    onSort: () => onSort(column),
  });
  return (
    <Table.ScrollContainer minWidth={0} w="100%">
      <Table
        verticalSpacing={6}
        horizontalSpacing="xs"
        fz="sm"
        highlightOnHover
        className={classes.table}
        aria-label="Skills"
      >
        <Table.Thead>
          <Table.Tr>
            <SortableColumnHeader {...header('name', 'ascending')}>Name</SortableColumnHeader>
            <Table.Th scope="col" visibleFrom="sm">
              Description
            </Table.Th>
            <SortableColumnHeader {...header('updated', 'descending')}>
              Updated
            </SortableColumnHeader>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Version
            </Table.Th>
            <SortableColumnHeader {...header('uses', 'descending')} textAlign="right">
              Uses (30 d)
            </SortableColumnHeader>
            <Table.Th scope="col" visibleFrom="sm">
              Signed
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skills.map((skill) => (
            <Table.Tr key={`${skill.scope}:${skill.name}`}>
              <Table.Td style={{ minWidth: '12ch', maxWidth: '32ch', overflowWrap: 'anywhere' }}>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={skillPath(skill)} fw={600} inherit>
                    {skill.name}
                  </Anchor>
                  {skill.enabled ? null : (
                    <Badge size="xs" variant="outline" color="gray">
                      Off
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm" title={skill.description}>
                  {skill.description}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ maxWidth: 0, width: '100%' }}>
                <Text size="sm" c="dimmed" truncate="end" title={skill.description}>
                  {skill.description}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" span>
                  {skill.updatedBy?.name ?? 'System'}
                </Text>
                <Text size="xs" c="dimmed">
                  <time
                    dateTime={skill.updatedAt}
                    title={exactTime.format(new Date(skill.updatedAt))}
                  >
                    {formatTimeAgo(new Date(skill.updatedAt))}
                  </time>
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={numeric}>
                v{skill.version}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {skill.uses30d.toLocaleString('en')}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c={skill.signature === 'invalid' ? 'red' : undefined} span>
                  {SIGNATURE_LABELS[skill.signature]}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
