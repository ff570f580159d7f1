import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldQuestion } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ErrorState } from '../app/states.tsx';

type OpenApproval = Schemas['ChatApprovals']['approvals'][number];

/** How often the card asks for new questions: a turn waits for the answer. */
const POLL_MS = 3000;

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function askerName(approval: OpenApproval, myUserId: string): string {
  const { askedBy } = approval;
  if (askedBy.kind === 'user' && askedBy.id === myUserId) return 'Your chat';
  const name = askedBy.name ?? askedBy.id;
  return askedBy.kind === 'agent' ? `Agent ${name}` : name;
}

type Answer = 'approve' | 'always' | 'refuse';

const ANSWERED: Record<Answer, string> = {
  approve: 'Approved; the turn goes on.',
  always: 'Allowed from now on, until the skill changes; the turn goes on.',
  refuse: 'Refused; the turn goes on without it.',
};

function ApprovalItem({ approval, myUserId }: { approval: OpenApproval; myUserId: string }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: Answer) =>
      unwrap(
        api.POST('/api/chat/approvals/{id}', {
          params: { path: { id: approval.id } },
          body: { approved: choice !== 'refuse', always: choice === 'always' },
        }),
      ),
    onSuccess: async (_answered, choice) => {
      notifications.show({
        color: choice === 'refuse' ? 'gray' : 'teal',
        message: ANSWERED[choice],
      });
      await queryClient.invalidateQueries({ queryKey: ['chat-approvals'] });
    },
    onError: async (error) => {
      notifications.show({ color: 'red', message: error.message });
      await queryClient.invalidateQueries({ queryKey: ['chat-approvals'] });
    },
  });
  const skill = text(approval.request.skill);
  const description = text(approval.request.description) ?? 'A running turn asks to go on.';
  const descriptionId = `approval-${approval.id}`;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-yellow-3)',
        background: 'var(--mantine-color-yellow-0)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {askerName(approval, myUserId)}
          </Text>
          {skill === undefined ? null : (
            <Badge size="sm" variant="light" color="yellow" tt="none">
              {skill}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            asked at{' '}
            <time dateTime={approval.createdAt}>
              {timeFormat.format(new Date(approval.createdAt))}
            </time>
          </Text>
        </Group>
        <Text size="sm" id={descriptionId} style={{ overflowWrap: 'anywhere' }}>
          {description}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="teal"
          aria-describedby={descriptionId}
          loading={answer.isPending && answer.variables === 'approve'}
          disabled={answer.isPending || answer.isSuccess}
          onClick={() => answer.mutate('approve')}
        >
          Approve
        </Button>
        {approval.request.kind === 'skill' ? (
          <Button
            size="xs"
            color="teal"
            variant="outline"
            aria-describedby={descriptionId}
            title="Approve now and from now on, until the skill changes"
            loading={answer.isPending && answer.variables === 'always'}
            disabled={answer.isPending || answer.isSuccess}
            onClick={() => answer.mutate('always')}
          >
            Always allow
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="default"
          aria-describedby={descriptionId}
          loading={answer.isPending && answer.variables === 'refuse'}
          disabled={answer.isPending || answer.isSuccess}
          onClick={() => answer.mutate('refuse')}
        >
          Refuse
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The questions running chat turns ask (a rule says ask), for a person with rights over the
 * agent: polled every few seconds, answered with Approve, Always allow (a skill's, until it
 * changes) or Refuse.
 */
export function WaitingApprovalsCard({ myUserId }: { myUserId: string }) {
  const approvals = useQuery({
    queryKey: ['chat-approvals'],
    refetchInterval: POLL_MS,
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/chat/approvals', { signal }))).approvals,
  });
  const open = approvals.data ?? [];
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="waiting-approvals"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShieldQuestion size={20} aria-hidden />
          <Title order={2} size="h4" id="waiting-approvals">
            Waiting for approval
          </Title>
          {open.length === 0 ? null : (
            <Badge color="yellow" variant="filled" size="sm">
              {open.length}
            </Badge>
          )}
        </Group>
        {approvals.isError ? (
          <ErrorState error={approvals.error} onRetry={() => approvals.refetch()} />
        ) : null}
        {approvals.isSuccess && open.length === 0 ? (
          <Text size="sm" c="dimmed">
            No agent is waiting for an answer. When a rule says ask, the question shows up here.
          </Text>
        ) : null}
        {open.length === 0 ? null : (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Questions waiting for approval"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {open.map((approval) => (
              <ApprovalItem key={approval.id} approval={approval} myUserId={myUserId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
