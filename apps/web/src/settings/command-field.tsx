import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Fragment, useId } from 'react';
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
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
