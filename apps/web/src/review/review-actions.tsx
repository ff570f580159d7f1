import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { skillPath } from '../skills/skill-path.ts';
import type { RevisionInReview } from './proposal-queries.ts';
import { formatReviewTime } from './review-time.ts';
import { useReviewDecision } from './use-review-decision.ts';

/** The longest note the server keeps with a decision. */
const NOTE_MAX = 500;

/** Codes after which the page no longer shows what the server holds: reload, then decide. */
const RELOAD_CODES = new Set(['version_conflict', 'revision_changed', 'not_proposed']);

/** A refused decision in plain words, with a reload button where reloading helps. */
function DecisionError({
  error,
  onReload,
  onOverride,
}: {
  error: Error;
  onReload: () => void;
  /** Publishes despite a blocked drop in trigger recall; absent where that is no choice. */
  onOverride?: () => void;
}) {
  const code = error instanceof ApiError ? error.code : undefined;
  const advice =
    code === 'version_conflict'
      ? 'Someone published another version of this skill meanwhile, so this diff is out of date. Reload to review the proposal against what is served now.'
      : code === 'revision_changed'
        ? 'This proposal is not the content you reviewed. Reload and review it again.'
        : code === 'recall_dropped'
          ? 'With the proposed description, the trigger eval finds fewer of the queries that should load this skill, and this workspace blocks that. Ask the author to improve the description, or publish anyway: the override is recorded in the audit log.'
          : undefined;
  return (
    <Alert color="red" variant="light" title="Not done" role="alert">
      <Stack gap="xs" align="flex-start">
        {advice === undefined ? null : <Text size="sm">{advice}</Text>}
        <Text size="sm">{error.message}</Text>
        {code !== undefined && RELOAD_CODES.has(code) ? (
          <Button size="xs" variant="light" color="red" onClick={onReload}>
            Reload
          </Button>
        ) : null}
        {code === 'recall_dropped' && onOverride !== undefined ? (
          <Button size="xs" variant="light" color="red" onClick={onOverride}>
            Publish anyway
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Why the signed-in person sees no buttons on a proposal waiting for review. */
function WhyNoButtons({ mine, mayReview }: { mine: boolean; mayReview: boolean | undefined }) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={mine ? 'You proposed this change' : 'Waiting for a reviewer'}
    >
      <Text size="sm">
        {mine
          ? 'Someone else must publish it: review needs a second person, so an author never publishes their own proposal. Any admin, owner or member with the reviewer grant who is not you can approve it or reject it.'
          : mayReview === false
            ? 'Only admins, owners and members with the reviewer grant may publish or reject proposals. An admin can give you the grant on the Team page.'
            : 'You cannot publish this proposal.'}
      </Text>
    </Alert>
  );
}

/**
 * What may be done with a revision: approve and publish it or reject it with a note (for a
 * reviewer who is not its author), why not (for everyone else), or how it was decided.
 */
export function ReviewActions({
  revision,
  myUserId,
  mayReview,
  onReload,
}: {
  revision: RevisionInReview;
  myUserId: string;
  /** Whether the signed-in person may review at all; undefined while unknown. */
  mayReview: boolean | undefined;
  onReload: () => void;
}) {
  const { publish, reject } = useReviewDecision(revision);
  const [publishNote, setPublishNote] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [rejectNote, setRejectNote] = useState('');
  const mine = revision.author?.id === myUserId;
  const served = revision.published === 0 ? 'no version' : `version ${revision.published}`;
  const approve = (overrideRecallDrop: boolean) =>
    publish.mutate(
      { note: publishNote, overrideRecallDrop },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: `Published ${revision.name} version ${revision.version}: every agent gets it now.`,
          }),
      },
    );
  const reload = () => {
    publish.reset();
    reject.reset();
    onReload();
  };

  if (revision.state === 'published') {
    const byMe = publish.isSuccess || revision.reviewer?.id === myUserId;
    return (
      <Alert
        color="teal"
        variant="light"
        title="Published"
        icon={<IconCheck size={18} aria-hidden />}
      >
        <Text size="sm">
          {byMe ? 'You published' : `${revision.reviewer?.name ?? 'A reviewer'} published`} version{' '}
          {revision.version}
          {revision.reviewedAt === null ? '' : ` on ${formatReviewTime(revision.reviewedAt)}`}:
          every agent gets it now.{' '}
          <Anchor
            component={Link}
            to={skillPath({ name: revision.name, scope: 'workspace' })}
            underline="always"
            c="inherit"
          >
            Open {revision.name}
          </Anchor>
        </Text>
      </Alert>
    );
  }

  if (revision.state === 'rejected') {
    return (
      <Alert color="red" variant="light" title="Rejected" icon={<IconX size={18} aria-hidden />}>
        <Stack gap={4}>
          <Text size="sm">
            {reject.isSuccess || revision.reviewer?.id === myUserId
              ? 'You rejected'
              : `${revision.reviewer?.name ?? 'A reviewer'} rejected`}{' '}
            it{revision.reviewedAt === null ? '' : ` on ${formatReviewTime(revision.reviewedAt)}`}
            {revision.note === null ? '.' : ':'}
          </Text>
          {revision.note === null ? null : (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {revision.note}
            </Text>
          )}
          <Text size="sm">
            Agents keep getting {served}. To try again, edit the skill: the change becomes a new
            proposal.
          </Text>
        </Stack>
      </Alert>
    );
  }

  if (!revision.mayPublish) return <WhyNoButtons mine={mine} mayReview={mayReview} />;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="review-decision">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5" id="review-decision">
            Your review
          </Title>
          <Text size="sm" c="gray.7">
            Publishing serves version {revision.version} to every agent in place of {served}.
            Rejecting keeps {served} and tells {revision.author?.name ?? 'the author'} why.
          </Text>
        </Stack>
        <Textarea
          label="Note (optional)"
          description="Kept with the published version"
          maxLength={NOTE_MAX}
          autosize
          minRows={1}
          maxRows={4}
          value={publishNote}
          onChange={(event) => setPublishNote(event.currentTarget.value)}
        />
        {publish.error === null ? null : (
          <DecisionError error={publish.error} onReload={reload} onOverride={() => approve(true)} />
        )}
        <Group gap="sm">
          <Button
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={publish.isPending}
            disabled={reject.isPending}
            onClick={() => approve(false)}
          >
            Approve & publish
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={publish.isPending}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={`Reject version ${revision.version} of ${revision.name}?`}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (rejectNote.trim() === '') return;
            reject.mutate(rejectNote, {
              onSuccess: () => {
                setRejecting(false);
                notifications.show({
                  message: `Rejected ${revision.name} version ${revision.version}.`,
                });
              },
            });
          }}
        >
          <Stack gap="md">
            <Textarea
              label="Why?"
              description={`${revision.author?.name ?? 'The author'} reads this note; agents keep getting ${served}.`}
              required
              maxLength={NOTE_MAX}
              autosize
              minRows={3}
              data-autofocus
              value={rejectNote}
              onChange={(event) => setRejectNote(event.currentTarget.value)}
            />
            {reject.error === null ? null : (
              <DecisionError error={reject.error} onReload={reload} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                loading={reject.isPending}
                disabled={rejectNote.trim() === ''}
              >
                Reject version {revision.version}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
