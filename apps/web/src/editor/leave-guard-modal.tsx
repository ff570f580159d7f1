import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { LeaveGuard } from './use-leave-guard.ts';

/** Asks whether to leave the editor with unsaved changes. */
export function LeaveGuardModal({ guard }: { guard: LeaveGuard }) {
  return (
    <Modal opened={guard.asking} onClose={guard.stay} title="Leave without saving?" centered>
      <Stack gap="md">
        <Text size="sm">
          Your changes to this skill are not saved. If you leave, they are lost.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={guard.stay} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={guard.leave}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
