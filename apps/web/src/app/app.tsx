import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { EditSkillPage, NewSkillPage, SkillUploadPage } from '../editor/lazy-editor-pages.tsx';
import { InvitePage } from '../invite/invite-page.tsx';
import { SkillsPage } from '../skills/skills-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { lazyPage } from './lazy-page.tsx';
import { NoWorkspacePage } from './no-workspace-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { createAppQueryClient } from './query-client.ts';
import { SignedOutPage } from './signed-out-page.tsx';
import { ErrorState, LoadingState } from './states.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { useMe } from './use-me.ts';

// Only the library loads with the app; every other page loads when it first opens.
const SkillPage = lazyPage(
  () => import('../skill/skill-page.tsx').then((module) => module.SkillPage),
  'Loading the skill…',
);
const PlaygroundPage = lazyPage(
  () => import('../playground/playground-page.tsx').then((module) => module.PlaygroundPage),
  'Loading the playground…',
);
const AgentsPage = lazyPage(() =>
  import('../agents/agents-page.tsx').then((module) => module.AgentsPage),
);
const AgentPage = lazyPage(() =>
  import('../agents/agent-page.tsx').then((module) => module.AgentPage),
);
const HealthPage = lazyPage(
  () => import('../health/health-page.tsx').then((module) => module.HealthPage),
  'Loading the health page…',
);
const UsagePage = lazyPage(
  () => import('../usage/usage-page.tsx').then((module) => module.UsagePage),
  'Loading usage…',
);
const TeamPage = lazyPage(() => import('../team/team-page.tsx').then((module) => module.TeamPage));
const SecretsPage = lazyPage(
  () => import('../secrets/secrets-page.tsx').then((module) => module.SecretsPage),
  'Loading secrets…',
);
const ProposalsPage = lazyPage(
  () => import('../review/proposals-page.tsx').then((module) => module.ProposalsPage),
  'Loading proposals…',
);
const ProposalPage = lazyPage(
  () => import('../review/proposal-page.tsx').then((module) => module.ProposalPage),
  'Loading the proposal…',
);
const SettingsPage = lazyPage(() =>
  import('../settings/settings-page.tsx').then((module) => module.SettingsPage),
);

function SignedInApp() {
  const me = useMe();
  if (me.isPending) return <LoadingState label="Signing in…" />;
  if (me.isError) {
    if (ApiError.isUnauthorized(me.error)) return <SignedOutPage />;
    if (ApiError.isNoWorkspace(me.error)) return <NoWorkspacePage />;
    return <ErrorState error={me.error} onRetry={() => me.refetch()} />;
  }
  return (
    <Routes>
      <Route element={<AppLayout me={me.data} />}>
        <Route index element={<Navigate to="/skills" replace />} />
        <Route path="skills" element={<SkillsPage />} />
        <Route path="skills/:name" element={<SkillPage />} />
        <Route path="skills/new" element={<NewSkillPage />} />
        <Route path="skills/upload" element={<SkillUploadPage />} />
        <Route path="skills/:name/edit" element={<EditSkillPage />} />
        <Route path="proposals" element={<ProposalsPage me={me.data} />} />
        <Route path="proposals/:name/:version" element={<ProposalPage me={me.data} />} />
        <Route path="team" element={<TeamPage me={me.data} />} />
        <Route path="secrets" element={<SecretsPage me={me.data} />} />
        <Route path="settings" element={<SettingsPage me={me.data} />} />
        <Route path="agents" element={<AgentsPage />} />
        <Route path="agents/:name" element={<AgentPage />} />
        <Route path="playground" element={<PlaygroundPage />} />
        <Route path="health" element={<HealthPage />} />
        <Route path="usage" element={<UsagePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The web UI: theme, query cache, router, and the signed-in app, the signed-out or the no-workspace page. */
export function App() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="bottom-right" autoClose={3000} />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes>
            <Route path="/invite/:code" element={<InvitePage />} />
            <Route path="*" element={<SignedInApp />} />
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
