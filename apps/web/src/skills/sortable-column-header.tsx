import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Options of {@link SortableColumnHeader}. */
export interface SortableColumnHeaderProps {
  children: ReactNode;
  /** The direction this column sorts in when it is the sort; undefined when it cannot sort now. */
  direction?: 'ascending' | 'descending';
  active: boolean;
  onSort: () => void;
  textAlign?: 'left' | 'right';
}

/** A column header that sorts the table when pressed and says so with `aria-sort`. */
export function SortableColumnHeader(props: SortableColumnHeaderProps) {
  const { children, direction, active, onSort, textAlign = 'left' } = props;
  if (direction === undefined) {
    return (
      <Table.Th scope="col" ta={textAlign}>
        {children}
      </Table.Th>
    );
  }
  const Icon = !active ? IconSelector : direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" ta={textAlign} aria-sort={active ? direction : undefined}>
      <UnstyledButton onClick={onSort} fz="inherit" fw="inherit">
        <Group
          gap={4}
          wrap="nowrap"
          justify={textAlign === 'right' ? 'flex-end' : 'flex-start'}
          component="span"
        >
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
