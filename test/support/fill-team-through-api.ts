import { skillText } from '@skillset/server/test';
import { type ApiCaller, type ApiRequest, callApi } from './http-api.ts';

/** Who a team filled through the API is, and how each of them signs in. */
export interface TeamThroughApi {
  workspaceId: string;
  researchId: string;
  agentId: string;
  memberId: string;
  owner: ApiCaller;
  member: ApiCaller;
  /** The member's browser session (the cookie accepting her invitation set). */
  memberSession: ApiCaller;
  agent: ApiCaller;
  /** A pending invitation link nobody has accepted yet. */
  openInvitationCode: string;
}

/** The versions written for each skill, oldest first (a restore writes a version too). */
export const TEAM_SKILL_VERSIONS = {
  'release-notes': [
    skillText('release-notes', { frontmatter: 'requires:\n  env: [API_KEY]\n' }),
    skillText('release-notes', {
      frontmatter: 'requires:\n  env: [API_KEY]\n',
      body: 'Version two.',
    }),
  ],
  handbook: [
    skillText('handbook'),
    skillText('handbook', { body: 'Read reference/guide.md first.' }),
    skillText('handbook'),
  ],
  deploy: [skillText('deploy')],
  'old-notes': [skillText('old-notes')],
} as const;

/**
 * Fills a fresh server as a team would, through its HTTP API alone (so an earlier release can be
 * filled too): skills with versions, files, a restore and one switched off; an agent with settings,
 * a deny rule and a token; a workspace-wide rule; a secret bound to a skill; workspace settings; a
 * member who accepted an invitation link (session and token), her personal skill, a pending
 * invitation; a use of a skill; a second workspace with a skill.
 */
export async function fillTeamThroughApi(url: string, ownerToken: string): Promise<TeamThroughApi> {
  const owner: ApiCaller = { token: ownerToken };
  const call = <Body = Record<string, unknown>>(
    route: string,
    request?: ApiRequest,
    caller = owner,
  ) => callApi<Body>(url, caller, route, request);
  const me = await callApi<{ principal: { workspaceId: string } }>(url, owner, '/api/me');
  const { workspaceId } = me.body.principal;

  const [notes1, notes2] = TEAM_SKILL_VERSIONS['release-notes'];
  await call('/api/skills', {
    method: 'POST',
    json: { content: notes1, files: { 'scripts/notes.sh': 'echo notes\n' } },
  });
  await call('/api/skills/release-notes', {
    method: 'PUT',
    headers: { 'if-match': '"1"' },
    json: { content: notes2, message: 'Version two' },
  });
  const [handbook1, handbook2] = TEAM_SKILL_VERSIONS.handbook;
  await call('/api/skills', {
    method: 'POST',
    json: { content: handbook1, files: { 'reference/guide.md': '# Guide\n\nStart here.\n' } },
  });
  await call('/api/skills/handbook', {
    method: 'PUT',
    headers: { 'if-match': '"1"' },
    json: { content: handbook2 },
  });
  await call('/api/skills/handbook/versions/1/restore', { method: 'POST' });
  await call('/api/skills', { method: 'POST', json: { content: TEAM_SKILL_VERSIONS.deploy[0] } });
  await call('/api/skills', {
    method: 'POST',
    json: { content: TEAM_SKILL_VERSIONS['old-notes'][0] },
  });
  await call('/api/skills/old-notes/disable', { method: 'POST' });

  const agent = await call('/api/agents', {
    method: 'POST',
    json: { name: 'ci-bot', description: 'Builds releases', settings: { catalogBudget: 1500 } },
  });
  const agentId = agent.body.id as string;
  await call('/api/permissions', {
    method: 'POST',
    json: { agentId, skill: 'deploy', action: 'deny' },
  });
  await call('/api/permissions', {
    method: 'POST',
    json: { skill: 'handbook', surface: 'run', action: 'ask' },
  });
  const agentToken = await call('/api/tokens', { method: 'POST', json: { name: 'ci', agentId } });
  await call('/api/secrets/API_KEY', {
    method: 'PUT',
    json: { value: 'sk-live-123', skills: ['release-notes'] },
  });
  await call(`/api/workspaces/${workspaceId}`, {
    method: 'PATCH',
    json: { settings: { catalogBudget: 3000, integrations: ['github'] } },
  });

  const invite = (email: string, role: string) =>
    call<{ code: string }>(`/api/workspaces/${workspaceId}/invitations`, {
      method: 'POST',
      json: { email, role, delivery: 'link' },
    });
  const invitation = await invite('max@example.com', 'member');
  const accepted = await callApi<{ user: { id: string } }>(
    url,
    {},
    `/api/invitations/${invitation.body.code}/accept`,
    { method: 'POST', json: { displayName: 'Max' }, headers: { origin: url } },
  );
  const cookie = /^(skillset_session=[^;]+)/.exec(accepted.headers.get('set-cookie') ?? '')?.[1];
  if (cookie === undefined) throw new Error('accepting the invitation set no session cookie');
  const memberSession: ApiCaller = { cookie };
  const memberToken = await call(
    '/api/tokens',
    { method: 'POST', json: { name: 'laptop' } },
    memberSession,
  );
  const member: ApiCaller = { token: memberToken.body.token as string };
  await call(
    '/api/skills',
    { method: 'POST', json: { content: skillText('my-notes'), scope: 'personal' } },
    member,
  );
  const pending = await invite('nora@example.com', 'viewer');

  await call('/api/skills/invoke', { method: 'POST', json: { message: '/release-notes v2' } });
  const research = await call('/api/workspaces', { method: 'POST', json: { name: 'Research' } });
  const researchId = research.body.id as string;
  await call(
    '/api/skills',
    { method: 'POST', json: { content: skillText('lab-notes') } },
    { ...owner, workspace: researchId },
  );
  return {
    workspaceId,
    researchId,
    agentId,
    memberId: accepted.body.user.id,
    owner,
    member,
    memberSession,
    agent: { token: agentToken.body.token as string },
    openInvitationCode: pending.body.code,
  };
}
