import { Code, Group, Stack, Text } from '@mantine/core';
import { Fragment, useId } from 'react';
import { CopyValueButton } from '../app/copy-value-button.tsx';
import classes from './connect-agents-card.module.css';

/**
 * A shell command shown in full with a Copy button; it wraps between its parts (an option and
 * its value), not inside them, and the button moves below it on a narrow screen.
 */
export function CommandField({ label, parts }: { label: string; parts: readonly string[] }) {
  const labelId = useId();
  const command = parts.join(' ');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap="xs" align="stretch">
        <Code block aria-labelledby={labelId} className={classes.command}>
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index === 0 ? null : ' '}
              <span className={classes.part}>{part}</span>
            </Fragment>
          ))}
        </Code>
        <CopyValueButton value={command} label={`Copy ${label.toLowerCase()}`} />
      </Group>
    </Stack>
  );
}
