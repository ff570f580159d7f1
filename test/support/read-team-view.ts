import type { TeamThroughApi } from './fill-team-through-api.ts';
import { callApi } from './http-api.ts';

interface SkillSummary {
  name: string;
  scope: string;
}

interface VersionSummary {
  version: number;
  /** Present from migration 0015 on. */
  reviewState?: string | null;
}

interface VersionDetail extends VersionSummary {
  content: string;
  files: Array<{ path: string }>;
}

/** One stored skill as the API shows it: its detail, every version with its content, its files. */
export interface SkillRead {
  detail: Record<string, unknown>;
  versions: { current: number; items: VersionSummary[] };
  contents: VersionDetail[];
  /** The current version's files (but SKILL.md) by path, as text. */
  files: Record<string, string>;
}

async function readSkill(
  url: string,
  team: TeamThroughApi,
  skill: SkillSummary,
): Promise<SkillRead> {
  const caller = skill.scope === 'personal' ? team.member : team.owner;
  const read = async <Body>(route: string) =>
    (await callApi<Body>(url, caller, `/api/skills/${skill.name}${route}?scope=${skill.scope}`))
      .body;
  const versions = await read<SkillRead['versions']>('/versions');
  const contents = await Promise.all(
    versions.items.map((each) => read<VersionDetail>(`/versions/${each.version}`)),
  );
  const current = contents.find((each) => each.version === versions.current);
  const files = await Promise.all(
    (current?.files ?? []).map(
      async (file) => [file.path, await read<string>(`/files/${file.path}`)] as const,
    ),
  );
  return {
    detail: await read<Record<string, unknown>>(''),
    versions,
    contents,
    files: Object.fromEntries(files),
  };
}

/** Every stored skill the owner and the member see, by `scope/name`. */
async function readSkills(url: string, team: TeamThroughApi): Promise<Record<string, SkillRead>> {
  const listed = await Promise.all(
    [team.owner, team.member].map(
      async (caller) =>
        (await callApi<{ items: SkillSummary[] }>(url, caller, '/api/skills')).body.items,
    ),
  );
  const stored = new Map(
    listed
      .flat()
      .filter((skill) => skill.scope !== 'builtin')
      .map((skill) => [`${skill.scope}/${skill.name}`, skill]),
  );
  const skills = await Promise.all(
    [...stored.entries()].map(
      async ([key, skill]) => [key, await readSkill(url, team, skill)] as const,
    ),
  );
  return Object.fromEntries(skills.sort(([a], [b]) => a.localeCompare(b)));
}

/** The uses of skills so far, without the calendar days around them (the day may turn). */
async function usageOf(get: <Body>(route: string) => Promise<Body>) {
  const { total, failures, skills, principals } =
    await get<Record<string, unknown>>('/api/usage/summary');
  return { total, failures, skills, principals };
}

/**
 * What a team filled by {@link fillTeamThroughApi} sees through a running server's API: each
 * person's and the agent's view of themselves, the workspace, its people, agents, rules, tokens,
 * secrets and settings, every stored skill with every version's content, and what the agent is
 * served and refused.
 */
export async function readTeamView(url: string, team: TeamThroughApi) {
  const get = async <Body = Record<string, unknown>>(
    route: string,
    caller = team.owner,
    status?: number,
  ) => (await callApi<Body>(url, caller, route, status === undefined ? {} : { status })).body;
  const workspace = `/api/workspaces/${team.workspaceId}`;
  const withoutUse = <Token extends { lastUsedAt?: unknown }>({ lastUsedAt: _, ...token }: Token) =>
    token;
  const tokens = async (caller = team.owner) =>
    (await get<{ tokens: Array<{ lastUsedAt?: unknown }> }>('/api/tokens', caller)).tokens.map(
      withoutUse,
    );
  const names = async (caller = team.owner) =>
    (await get<{ items: SkillSummary[] }>('/api/skills', caller)).items.map((skill) => skill.name);
  return {
    me: {
      owner: await get('/api/me'),
      member: await get('/api/me', team.member),
      memberSession: await get('/api/me', team.memberSession),
      agent: await get('/api/me', team.agent),
    },
    workspaces: await get('/api/workspaces'),
    members: await get(`${workspace}/members`),
    invitations: await get(`${workspace}/invitations?includeClosed=true`),
    agents: await get('/api/agents'),
    permissions: await get('/api/permissions'),
    tokens: { owner: await tokens(), member: await tokens(team.member) },
    secrets: await get('/api/secrets'),
    skills: await readSkills(url, team),
    research: await names({ ...team.owner, workspace: team.researchId }),
    agentServed: {
      skills: await names(team.agent),
      prompt: await get('/api/skills/prompt', team.agent),
      deploy: await get('/api/skills/deploy', team.agent, 404),
    },
    usage: await usageOf(get),
  };
}

/** The result of {@link readTeamView}. */
export type TeamView = Awaited<ReturnType<typeof readTeamView>>;
