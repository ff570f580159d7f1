import { Code, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { CopyValueButton } from '../app/copy-value-button.tsx';

/** A secret or link shown in full with a Copy button (the clipboard needs no selection). */
export function CopyField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="stretch">
        <Code
          block
          aria-labelledby={labelId}
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {value}
        </Code>
        <CopyValueButton value={value} label={copyLabel} style={{ flexShrink: 0 }} />
      </Group>
    </Stack>
  );
}
