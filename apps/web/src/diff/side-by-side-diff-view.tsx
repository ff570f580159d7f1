import { Box, Text } from '@mantine/core';
import type { DiffRow } from './side-by-side-diff.ts';
import classes from './side-by-side-diff-view.module.css';

const SIGN = { same: ' ', changed: '~', removed: '-', added: '+' } as const;

/** Two versions of a text side by side; changed lines are coloured on each side. */
export function SideBySideDiffView({
  rows,
  before,
  after,
}: {
  rows: DiffRow[];
  before: string;
  after: string;
}) {
  return (
    <Box className={classes.diff}>
      <div className={classes.row}>
        <Text className={classes.header} size="xs" fw={600}>
          {before}
        </Text>
        <Text className={classes.header} size="xs" fw={600}>
          {after}
        </Text>
      </div>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of one computed diff
        <div className={classes.row} key={index} data-kind={row.kind}>
          <div className={classes.cell} data-side="left" data-empty={row.left === undefined}>
            <span className={classes.number} aria-hidden>
              {row.left?.number ?? ''}
            </span>
            <span className={classes.sign} aria-hidden>
              {row.left === undefined ? '' : SIGN[row.kind === 'added' ? 'same' : row.kind]}
            </span>
            <span className={classes.text}>{row.left?.text ?? ''}</span>
          </div>
          <div className={classes.cell} data-side="right" data-empty={row.right === undefined}>
            <span className={classes.number} aria-hidden>
              {row.right?.number ?? ''}
            </span>
            <span className={classes.sign} aria-hidden>
              {row.right === undefined ? '' : SIGN[row.kind === 'removed' ? 'same' : row.kind]}
            </span>
            <span className={classes.text}>{row.right?.text ?? ''}</span>
          </div>
        </div>
      ))}
    </Box>
  );
}
