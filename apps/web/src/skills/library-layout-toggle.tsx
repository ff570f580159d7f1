import { SegmentedControl } from '@mantine/core';
import type { LibraryView } from './library-view.ts';

/** Switches the library between cards and a compact table. */
export function LibraryLayoutToggle({
  layout,
  onChange,
}: {
  layout: LibraryView['layout'];
  onChange: (layout: LibraryView['layout']) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Show skills as"
      value={layout}
      onChange={(value) => onChange(value === 'table' ? 'table' : 'cards')}
      data={[
        { value: 'cards', label: 'Cards' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
}
