import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import type { PlaygroundDataParts } from './playground-message.ts';

const STATUS_COLORS = {
  pending: 'yellow',
  approved: 'teal',
  refused: 'red',
  expired: 'gray',
  cancelled: 'gray',
} as const;

/** A question a running turn asks (a rule says ask), with Approve and Refuse while it waits. */
export function ApprovalCard({ approval }: { approval: PlaygroundDataParts['approval'] }) {
  const answer = useMutation({
    mutationFn: (approved: boolean) =>
      unwrap(
        api.POST('/api/chat/approvals/{id}', {
          params: { path: { id: approval.id } },
          body: { approved },
        }),
      ),
  });
  const pending = approval.status === 'pending';
  return (
    <Alert
      color={STATUS_COLORS[approval.status]}
      variant="light"
      icon={<IconShieldQuestion size={18} aria-hidden />}
      title={
        <Group gap="xs">
          <span>Approval needed</span>
          <Badge size="xs" color={STATUS_COLORS[approval.status]} variant="filled">
            {approval.status}
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
              loading={answer.isPending && answer.variables === true}
              disabled={answer.isPending || answer.isSuccess}
              onClick={() => answer.mutate(true)}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={answer.isPending && answer.variables === false}
              disabled={answer.isPending || answer.isSuccess}
              onClick={() => answer.mutate(false)}
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
