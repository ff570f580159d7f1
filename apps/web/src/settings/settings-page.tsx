import { Stack, Text, Title } from '@mantine/core';
import type { Me } from '../api/client.ts';
import { ConnectAgentsCard } from './connect-agents-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TokensCard } from './tokens-card.tsx';
import { WorkspaceSettingsCard } from './workspace-settings-card.tsx';

/** Settings: syncing my agents, my tokens, the workspace's settings and signing out everywhere. */
export function SettingsPage({ me }: { me: Me }) {
  const admin = me.can.manageSettings;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={2}>
        <Title order={1}>Settings</Title>
        <Text c="gray.7">
          Your agents, tokens for automation and how this workspace serves its skills.
        </Text>
      </Stack>
      <ConnectAgentsCard />
      <TokensCard manageAgents={me.can.manageAgents} />
      <WorkspaceSettingsCard workspaceId={me.principal.workspaceId} canEdit={admin} />
      {me.principal.sessionId === undefined ? null : <SessionsCard me={me} />}
    </Stack>
  );
}
