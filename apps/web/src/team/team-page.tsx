import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Me } from '../api/client.ts';
import { useSignInMethods } from '../app/use-sign-in-methods.ts';
import { AuditLogCard } from './audit-log-card.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { MembersCard } from './members-card.tsx';

/** The team page: members and roles, invitations and the audit log (the last two for admins). */
export function TeamPage({ me }: { me: Me }) {
  const workspaceId = me.principal.workspaceId;
  const workspace = me.workspaces.find((each) => each.id === workspaceId);
  const { can } = me;
  const mailConfigured = useSignInMethods().data?.email === true;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Team</Title>
        <Text c="dimmed">
          The people of {workspace?.name ?? 'this workspace'} and what they may do.
        </Text>
      </Stack>
      <SimpleGrid
        cols={{ base: 1, md: can.managePeople ? 2 : 1 }}
        spacing="lg"
        style={{ alignItems: 'start' }}
      >
        <MembersCard
          workspaceId={workspaceId}
          myUserId={me.principal.id}
          managePeople={can.managePeople}
          mailConfigured={mailConfigured}
        />
        {can.managePeople ? (
          <InvitationsCard
            workspaceId={workspaceId}
            inviteRoles={can.inviteRoles}
            mailConfigured={mailConfigured}
          />
        ) : (
          <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
            Only admins and owners can invite people, change roles and read the audit log.
          </Alert>
        )}
      </SimpleGrid>
      {can.readAudit ? <AuditLogCard workspaceId={workspaceId} /> : null}
    </Stack>
  );
}
