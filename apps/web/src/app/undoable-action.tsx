import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/** How long a person has to undo a destructive action before it is sent to the server. */
export const UNDO_WINDOW_MS = 8000;

/** A destructive action held back for {@link UNDO_WINDOW_MS} so it can be undone. */
export interface UndoableAction {
  /** Names the pending action, e.g. `skill:team:deploy`; a second schedule with the same key replaces the first. */
  key: string;
  /** What happened, in words: "deploy was deleted." */
  message: string;
  /** Sends the action; `keepalive` is true when the page is being left, so the request outlives it. */
  commit: (options: { keepalive: boolean }) => Promise<void>;
}

const pending = new Map<string, { action: UndoableAction; timer: ReturnType<typeof setTimeout> }>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

function changed() {
  snapshot = new Set(pending.keys());
  for (const listener of listeners) listener();
}

function take(key: string) {
  const entry = pending.get(key);
  if (entry === undefined) return undefined;
  clearTimeout(entry.timer);
  pending.delete(key);
  changed();
  return entry.action;
}

async function commitNow(key: string, keepalive: boolean) {
  const action = take(key);
  if (action === undefined) return;
  notifications.hide(key);
  try {
    await action.commit({ keepalive });
  } catch (error) {
    notifications.show({
      title: 'It was not done',
      message: error instanceof Error ? error.message : String(error),
      color: 'red',
    });
  }
}

function undo(key: string) {
  if (take(key) === undefined) return;
  notifications.hide(key);
  notifications.show({ message: 'Undone.', color: 'gray' });
}

/**
 * Shows "…was deleted. Undo" and sends the action only once the undo window has passed, or at once
 * when the page is left (with `keepalive`, so closing the tab does not cancel it).
 */
export function scheduleWithUndo(action: UndoableAction) {
  void commitNow(action.key, false);
  const timer = setTimeout(() => void commitNow(action.key, false), UNDO_WINDOW_MS);
  pending.set(action.key, { action, timer });
  changed();
  notifications.show({
    id: action.key,
    color: 'gray',
    autoClose: false,
    withCloseButton: false,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{action.message}</Text>
        <Button size="compact-sm" variant="light" onClick={() => undo(action.key)}>
          Undo
        </Button>
      </Group>
    ),
  });
}

/** The keys of the actions still waiting in their undo window, for lists to hide what is going. */
export function usePendingActions(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const key of [...pending.keys()]) void commitNow(key, true);
  });
}
