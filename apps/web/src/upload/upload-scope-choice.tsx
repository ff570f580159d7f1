import { Group, SegmentedControl, Text } from '@mantine/core';

export type UploadScope = 'workspace' | 'personal';

/** "Create in Workspace | Personal": where a new skill from the upload is saved. */
export function UploadScopeChoice(props: {
  value: UploadScope;
  onChange: (scope: UploadScope) => void;
  disabled?: boolean;
}) {
  return (
    <Group gap="sm">
      <Text size="sm" fw={500} id="upload-scope-label">
        Create in
      </Text>
      <SegmentedControl
        aria-labelledby="upload-scope-label"
        value={props.value}
        disabled={props.disabled}
        onChange={(value) => props.onChange(value === 'personal' ? 'personal' : 'workspace')}
        data={[
          { value: 'workspace', label: 'Workspace' },
          { value: 'personal', label: 'Personal' },
        ]}
      />
    </Group>
  );
}
