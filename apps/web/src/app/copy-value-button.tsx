import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/** A Copy button that puts `value` on the clipboard and says "Copied" for a moment. */
export function CopyValueButton({
  value,
  label,
  style,
}: {
  value: string;
  /** The button's accessible name, e.g. "Copy the token". */
  label: string;
  style?: CSSProperties;
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          leftSection={
            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          onClick={copy}
          aria-label={label}
          style={style}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}
