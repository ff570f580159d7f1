import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import type { PlaygroundDataParts } from './playground-message.ts';

const STATUS_COLORS = {
  pending: 'yellow',
  approved: 'teal',
  always: 'teal',
  refused: 'red',
  expired: 'gray',
  cancelled: 'gray',
} as const;

type Answer = 'approve' | 'always' | 'refuse';

/**
 * A question a running turn asks (a rule says ask), with Approve, Always allow (a skill's use or
 * script, until the skill changes) and Refuse while it waits.
 */
export function ApprovalCard({ approval }: { approval: PlaygroundDataParts['approval'] }) {
  const answer = useMutation({
    mutationFn: (choice: Answer) =>
      unwrap(
        api.POST('/api/chat/approvals/{id}', {
          params: { path: { id: approval.id } },
          body: { approved: choice !== 'refuse', always: choice === 'always' },
        }),
      ),
  });
  const pending = approval.status === 'pending';
  const busy = answer.isPending || answer.isSuccess;
  return (
    <Alert
      color={STATUS_COLORS[approval.status]}
      variant="light"
      icon={<IconShieldQuestion size={18} aria-hidden />}
      title={
        <Group gap="xs">
          <span>Approval needed</span>
          <Badge size="xs" color={STATUS_COLORS[approval.status]} variant="filled">
            {approval.status === 'always' ? 'always allowed' : approval.status}
          </Badge>
        </Group>
      }
      role={pending ? 'alert' : undefined}
    >
      <Stack gap="xs">
        <Text size="sm">{approval.request.description}</Text>
        {pending ? (
          <Group gap="xs">
            <Button
              size="xs"
              color="teal"
              loading={answer.isPending && answer.variables === 'approve'}
              disabled={busy}
              onClick={() => answer.mutate('approve')}
            >
              Approve
            </Button>
            {approval.request.kind === 'skill' ? (
              <Button
                size="xs"
                color="teal"
                variant="outline"
                title="Approve now and from now on, until the skill changes"
                loading={answer.isPending && answer.variables === 'always'}
                disabled={busy}
                onClick={() => answer.mutate('always')}
              >
                Always allow
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="default"
              loading={answer.isPending && answer.variables === 'refuse'}
              disabled={busy}
              onClick={() => answer.mutate('refuse')}
            >
              Refuse
            </Button>
          </Group>
        ) : null}
        {answer.isError ? (
          <Text size="sm" c="red" role="alert">
            {answer.error.message}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
