import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { usePublishVersion } from './use-publish-version.ts';

/** The longest note the server keeps with a publish. */
const NOTE_MAX = 500;

/** Codes after which the list no longer shows what the server holds. */
const RELOAD_CODES = new Set(['version_conflict', 'revision_changed', 'version_not_found']);

/** What to do about a refused publish, in plain words; undefined where the message says it all. */
function adviceFor(error: Error, version: number): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  switch (error.code) {
    case 'version_conflict':
      return 'Someone published another version of this skill meanwhile. Reload to see which version agents get now, then decide again.';
    case 'revision_changed':
    case 'version_not_found':
      return `Version ${version} is not what this list shows any more. Reload the versions.`;
    case 'recall_dropped':
      return `With version ${version}’s description, the trigger eval finds fewer of the queries that should load this skill, and this workspace blocks that. You may publish anyway: the override is recorded in the audit log.`;
    default:
      return error.status === 403
        ? 'Only admins, owners and members with the reviewer grant may publish a version. An admin can give you the grant on the Team page.'
        : undefined;
  }
}

/**
 * Asks before serving an earlier version again (a rollback), with an optional note for the audit
 * log, and says plainly why the server refused it.
 */
export function PublishVersionModal({
  name,
  target,
  published,
  onClose,
}: {
  name: string;
  /** The version to publish and its digest; the modal is closed while undefined. */
  target: { version: number; hash: string } | undefined;
  /** The version agents get now. */
  published: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const publish = usePublishVersion(name);
  const [note, setNote] = useState('');
  // The last version asked about stays in the dialog while it fades out.
  const [shown, setShown] = useState(target);
  if (target !== undefined && target !== shown) setShown(target);
  const close = () => {
    publish.reset();
    setNote('');
    onClose();
  };
  const submit = (overrideRecallDrop: boolean) => {
    if (target === undefined) return;
    publish.mutate(
      { ...target, published, note, overrideRecallDrop },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `Published ${name} version ${target.version}: agents get it again.`,
          });
          close();
        },
      },
    );
  };
  const reload = async () => {
    close();
    await queryClient.invalidateQueries({ queryKey: ['skill', name] });
  };
  const error = publish.error;
  const code = error instanceof ApiError ? error.code : undefined;
  const advice =
    error === null || shown === undefined ? undefined : adviceFor(error, shown.version);
  return (
    <Modal
      opened={target !== undefined}
      onClose={close}
      title={`Publish version ${shown?.version}?`}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Agents get version {shown?.version} again, in place of version {published}. Nothing is
          deleted: you can publish version {published} again the same way.
        </Text>
        <Textarea
          label="Note (optional)"
          description="Why, for the audit log"
          maxLength={NOTE_MAX}
          autosize
          minRows={1}
          maxRows={4}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {error === null ? null : (
          <Alert color="red" variant="light" title="Not published" role="alert">
            <Stack gap="xs" align="flex-start">
              {advice === undefined ? null : <Text size="sm">{advice}</Text>}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {error.message}
              </Text>
              {code !== undefined && RELOAD_CODES.has(code) ? (
                <Button size="xs" variant="light" color="red" onClick={reload}>
                  Reload
                </Button>
              ) : null}
              {code === 'recall_dropped' ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={publish.isPending}
                  onClick={() => submit(true)}
                >
                  Publish anyway
                </Button>
              ) : null}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={publish.isPending} onClick={() => submit(false)}>
            Publish version {shown?.version}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
