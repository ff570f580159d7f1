import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client.ts';
import { ConfirmModal } from '../app/confirm-modal.tsx';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { MemberSignInLinkMenu } from './member-sign-in-link-menu.tsx';
import { ROLE_OPTIONS, roleLabel, type WorkspaceRole } from './roles.ts';
import classes from './team.module.css';
import { type Member, useMembers } from './team-queries.ts';

interface MembersCardProps {
  workspaceId: string;
  myUserId: string;
  /** I may give sign-in links (the server still refuses one for a member as strong as me). */
  managePeople: boolean;
  /** The server sends mail, so an admin may mail a member a sign-in link. */
  mailConfigured: boolean;
}

function useMemberMutations(workspaceId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['members', workspaceId] }),
      queryClient.invalidateQueries({ queryKey: ['audit', workspaceId] }),
    ]);
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: WorkspaceRole }) =>
      unwrap(
        api.PATCH('/api/workspaces/{id}/members/{userId}', {
          params: { path: { id: workspaceId, userId: member.userId } },
          body: { role },
        }),
      ),
    onSuccess: async (member) => {
      notifications.show({ message: `${member.name} is now ${roleLabel(member.role)}.` });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const changeReviewer = useMutation({
    mutationFn: ({ member, reviewer }: { member: Member; reviewer: boolean }) =>
      unwrap(
        api.PATCH('/api/workspaces/{id}/members/{userId}', {
          params: { path: { id: workspaceId, userId: member.userId } },
          body: { reviewer },
        }),
      ),
    onSuccess: async (member) => {
      notifications.show({
        message: member.reviewer
          ? `${member.name} may now publish others’ proposals.`
          : `${member.name} no longer publishes others’ proposals.`,
      });
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['proposals'] })]);
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const remove = useMutation({
    mutationFn: (member: Member) =>
      unwrap(
        api.DELETE('/api/workspaces/{id}/members/{userId}', {
          params: { path: { id: workspaceId, userId: member.userId } },
        }),
      ),
    onSuccess: async (_nothing, member) => {
      notifications.show({ message: `${member.name} was removed from the workspace.` });
      await refresh();
    },
  });
  return { changeRole, changeReviewer, remove };
}

/**
 * Whether a member may publish others' proposals: always for admins and owners; a switch for an
 * admin to give members the reviewer grant; a badge for those who have it otherwise.
 */
function ReviewerControl({
  member,
  canGrant,
  pending,
  onChange,
}: {
  member: Member;
  canGrant: boolean;
  pending: boolean;
  onChange: (reviewer: boolean) => void;
}) {
  if (member.role === 'owner' || member.role === 'admin') {
    return (
      <Tooltip label="Admins and owners may always publish others’ proposals">
        <Badge variant="outline" color="teal" tt="none" style={{ flexShrink: 0 }}>
          Reviewer
        </Badge>
      </Tooltip>
    );
  }
  if (canGrant && member.role === 'member') {
    return (
      // Never disabled while saving: a disabled switch drops the keyboard focus to the page.
      <Switch
        size="sm"
        label="Reviewer"
        aria-label={`Reviewer: ${member.name}`}
        checked={member.reviewer}
        aria-busy={pending}
        onChange={(event) => {
          if (!pending) onChange(event.currentTarget.checked);
        }}
      />
    );
  }
  if (!member.reviewer) return null;
  return (
    <Badge variant="outline" color="teal" tt="none" style={{ flexShrink: 0 }}>
      Reviewer
    </Badge>
  );
}

/**
 * The members of the workspace and who may review; admins and owners change roles and reviewer
 * grants, remove people and give them sign-in links.
 */
export function MembersCard({
  workspaceId,
  myUserId,
  managePeople,
  mailConfigured,
}: MembersCardProps) {
  const members = useMembers(workspaceId);
  const { changeRole, changeReviewer, remove } = useMemberMutations(workspaceId);
  const [removing, setRemoving] = useState<Member | undefined>();
  const closeRemove = () => {
    setRemoving(undefined);
    remove.reset();
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="members">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="members">
            Members
          </Title>
          {members.data === undefined ? null : (
            <Text size="sm" c="dimmed">
              {members.data.length} {members.data.length === 1 ? 'person' : 'people'}
            </Text>
          )}
        </Group>
        {members.isPending ? <LoadingState label="Loading members…" /> : null}
        {members.isError ? (
          <ErrorState error={members.error} onRetry={() => members.refetch()} />
        ) : null}
        {members.data === undefined ? null : (
          <Stack gap={0} component="ul" aria-label="Members" className={classes.list}>
            {members.data.map((member) => {
              // The server says what I may do to each member; my own row offers nothing.
              const me = member.userId === myUserId;
              const roleChoices = me ? [] : member.can.changeRoleTo;
              const options = ROLE_OPTIONS.filter(
                (option) => roleChoices.includes(option.value) || option.value === member.role,
              ).map((option) => ({ value: option.value, label: option.label }));
              return (
                <Group
                  key={member.userId}
                  component="li"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  py="xs"
                  className={classes.row}
                >
                  <Stack gap={0} miw={0} style={{ flex: '1 1 220px' }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} truncate>
                        {member.name}
                      </Text>
                      {member.userId === myUserId ? (
                        <Badge size="xs" variant="light" color="gray">
                          You
                        </Badge>
                      ) : null}
                    </Group>
                    <Group gap={6} wrap="nowrap" miw={0}>
                      <Text size="sm" c="dimmed" truncate>
                        {member.email ?? 'No email address'}
                      </Text>
                      {member.email !== null && !member.emailVerified ? (
                        <Tooltip label="Not proven yet: no link mailed there was followed, no single sign-on confirmed it">
                          <Badge
                            size="xs"
                            variant="outline"
                            color="orange"
                            style={{ flexShrink: 0 }}
                          >
                            unverified
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <ReviewerControl
                      member={member}
                      canGrant={member.can.changeReviewer}
                      pending={
                        changeReviewer.isPending &&
                        changeReviewer.variables.member.userId === member.userId
                      }
                      onChange={(reviewer) => changeReviewer.mutate({ member, reviewer })}
                    />
                    {roleChoices.length > 0 ? (
                      <Select
                        aria-label={`Role of ${member.name}`}
                        size="xs"
                        w={120}
                        data={options}
                        value={member.role}
                        allowDeselect={false}
                        disabled={changeRole.isPending}
                        onChange={(value) => {
                          if (value !== null && value !== member.role) {
                            changeRole.mutate({ member, role: value as WorkspaceRole });
                          }
                        }}
                      />
                    ) : (
                      <Badge variant="light" color={member.role === 'owner' ? 'indigo' : 'gray'}>
                        {roleLabel(member.role)}
                      </Badge>
                    )}
                    {managePeople && !me ? (
                      <MemberSignInLinkMenu
                        workspaceId={workspaceId}
                        member={member}
                        mailConfigured={mailConfigured}
                      />
                    ) : null}
                    {member.can.remove && !me ? (
                      <Tooltip label={`Remove ${member.name}`}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${member.name}`}
                          onClick={() => setRemoving(member)}
                        >
                          <IconUserMinus size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== undefined}
        onClose={closeRemove}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove member"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing === undefined ? undefined : remove.mutate(removing, { onSuccess: closeRemove })
        }
      >
        <Text size="sm">
          {removing?.name} loses access to this workspace at once, in every browser and with every
          token. You can invite them again later.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
