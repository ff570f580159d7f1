import { Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../app/states.tsx';
import { MatrixTable, type MatrixTableProps } from './matrix-table.tsx';
import { listOverrides, type RuleAction } from './permission-matrix.ts';

/** The options of {@link OverridesMatrix}. */
export interface OverridesMatrixProps extends Omit<MatrixTableProps, 'rows'> {
  agentName: string;
  search: string;
  cells: ReadonlyMap<string, RuleAction>;
}

/**
 * Only the skills with a rule of their own for the agent, listed in the page from the rules; a
 * row set back to Default stays until the view is left, so it can be set again.
 */
export function OverridesMatrix({
  agentName,
  search,
  cells,
  onChange,
  ...table
}: OverridesMatrixProps) {
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const rows = listOverrides(cells, search, kept);
  if (cells.size === 0 && kept.size === 0) {
    return (
      <EmptyState title="No overrides">
        Every skill follows the workspace rules for {agentName}. Choose Allow, Ask or Deny for a
        skill under All skills to add one.
      </EmptyState>
    );
  }
  if (rows.length === 0) {
    return <EmptyState title="No override matches">Try other words.</EmptyState>;
  }
  return (
    <>
      <MatrixTable
        {...table}
        rows={rows.map((row) =>
          row.action === 'default' ? { ...row, note: 'Follows the workspace rules now.' } : row,
        )}
        onChange={(skill, action) => {
          if (action === 'default') setKept((previous) => new Set([...previous, skill]));
          onChange(skill, action);
        }}
      />
      <Text size="xs" c="dimmed">
        {cells.size === 1 ? '1 override' : `${cells.size.toLocaleString()} overrides`}
      </Text>
    </>
  );
}
