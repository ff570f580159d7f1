import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';

/** A drop area for one ZIP or `.md` file, with a file picker for keyboard and touch users. */
export function UploadDropZone({ onFile }: { onFile: (file: File) => void }) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) onFile(file);
  };
  return (
    <Paper
      withBorder
      p="xl"
      data-testid="upload-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        backgroundColor: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs" ta="center">
        <IconFileZip size={36} stroke={1.5} aria-hidden />
        <Text fw={600}>Drop a skill ZIP or SKILL.md here</Text>
        <Text size="sm" c="dimmed">
          The ZIP holds SKILL.md at its root or in one folder. Nothing is saved until you confirm.
        </Text>
        <FileButton onChange={(file) => file && onFile(file)} accept=".zip,.md,.markdown">
          {(props) => (
            <Button {...props} variant="light">
              Choose a file
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
