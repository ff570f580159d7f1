import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Options for {@link ConfirmModal}. */
export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, and what cannot be taken back. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The server's answer when the action failed, shown inside the dialog. */
  error?: Error | null;
}

/** Asks before a destructive action: says what happens, then Cancel or a red confirm button. */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="md">
        {props.children}
        {props.error ? (
          <Alert color="red" variant="light" role="alert">
            {props.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={props.pending ?? false} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
