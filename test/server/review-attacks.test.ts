import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { MODERN_PROTOCOL_VERSION } from '@skillset/mcp/test';
import {
  createRuntimeTestApp,
  type RuntimeTestApp,
  skillText,
  type TestPrincipal,
} from '@skillset/server/test';
import { openStore } from '@skillset/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';

/**
 * Issue 37: with review required, a member's change reaches no agent, synced folder or MCP client
 * until a different person publishes it — played as the attackers the issue names (the author by
 * token, by cookie and from a second session; a reviewer of another workspace; an agent token; two
 * reviewers at once; a swapped revision; a rollback to an unsigned revision) through the real HTTP
 * app and the MCP SDK client, on PGlite and PostgreSQL.
 */

const ORIGIN = 'http://localhost';
const adminUrl = process.env.DATABASE_URL;
const targets = [
  {
    name: 'PGlite',
    url: undefined as (() => Promise<{ url: string; drop(): Promise<void> }>) | undefined,
  },
  ...(adminUrl === undefined
    ? []
    : [{ name: 'PostgreSQL', url: () => createFreshPostgresDatabase(adminUrl) }]),
];

interface Revision {
  name: string;
  version: number;
  hash: string;
  state: string;
  note: string | null;
  published: number;
  mayPublish: boolean;
  author: { id: string; name: string } | null;
}

const text = (marker: string) =>
  skillText('deploy', {
    description: 'Deploys the service to production. Use when asked to deploy.',
    body: `Deploy marker ${marker}.`,
  });

describe.each(targets)('reviewed releases hold against a second account ($name)', (target) => {
  let server: RuntimeTestApp;
  let dropDatabase: (() => Promise<void>) | undefined;
  let owner: TestPrincipal;
  let admin: TestPrincipal;
  let member: TestPrincipal;
  let reviewer: TestPrincipal;
  let agent: TestPrincipal;
  let outsider: TestPrincipal;
  const clients: Client[] = [];

  async function json<Body>(response: Response | Promise<Response>, status = 200): Promise<Body> {
    const answered = await response;
    const body = await answered.text();
    if (answered.status !== status) {
      throw new Error(`expected ${status}, got ${answered.status}: ${body}`);
    }
    return JSON.parse(body) as Body;
  }

  async function errorOf(response: Promise<Response>, status: number): Promise<string> {
    const body = await json<{ error: { code: string; message: string } }>(response, status);
    return body.error.code;
  }

  const put = (who: TestPrincipal, marker: string, ifMatch: number) =>
    server.request('PUT', '/api/skills/deploy', {
      token: who.token,
      json: { content: text(marker), message: `to ${marker}` },
      headers: { 'if-match': `"${ifMatch}"` },
    });

  const publish = (who: { token?: string; cookie?: string }, revision: Revision, ifMatch: number) =>
    server.request('POST', `/api/skills/${revision.name}/versions/${revision.version}/publish`, {
      ...(who.token === undefined ? {} : { token: who.token }),
      json: { hash: revision.hash },
      headers: {
        'if-match': `"${ifMatch}"`,
        ...(who.cookie === undefined ? {} : { cookie: who.cookie, origin: ORIGIN }),
      },
    });

  const proposals = async (who: TestPrincipal = reviewer, state = 'proposed') =>
    (
      await json<{ items: Revision[] }>(
        server.request('GET', `/api/proposals?state=${state}`, { token: who.token }),
      )
    ).items;

  const proposalOf = async (version: number, name = 'deploy', who = reviewer) => {
    const found = (await proposals(who)).find(
      (each) => each.name === name && each.version === version,
    );
    if (found === undefined) throw new Error(`no proposal ${name}@${version}`);
    return found;
  };

  /** What each acting surface serves the agent: the API body, the sync manifest, MCP in both eras. */
  async function servedToAgent(): Promise<{ api: string; sync: number; mcp: string[] }> {
    const detail = await json<{ body: string }>(
      server.request('GET', '/api/skills/deploy', { token: agent.token }),
    );
    const manifest = await json<{ skills: { name: string; version: number }[] }>(
      server.request('GET', '/api/sync', { token: agent.token }),
    );
    const mcp: string[] = [];
    for (const era of ['legacy', 'modern'] as const) {
      const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        fetch: async (url, init) => server.app.request(String(url), init as RequestInit),
        requestInit: { headers: { authorization: `Bearer ${agent.token}` } },
      });
      const client = new Client(
        { name: 'review-test', version: '1.0.0' },
        era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } } : {},
      );
      await client.connect(transport);
      clients.push(client);
      const read = await client.readResource({ uri: 'skill://deploy/SKILL.md' });
      mcp.push(
        read.contents.map((content) => ('text' in content ? String(content.text) : '')).join(''),
      );
      await client.close();
    }
    return {
      api: detail.body,
      sync: manifest.skills.find((skill) => skill.name === 'deploy')?.version ?? 0,
      mcp,
    };
  }

  beforeAll(async () => {
    const database = await target.url?.();
    dropDatabase = database?.drop;
    server = await createRuntimeTestApp(
      database === undefined
        ? {}
        : { store: await openStore({ databaseUrl: database.url, migrate: true }) },
    );
    owner = server.owner;
    await json(
      server.request('POST', '/api/skills', { token: owner.token, json: { content: text('one') } }),
      201,
    );
    agent = await server.addAgent({ name: 'deployer' });
    member = await server.addUser('member');
    reviewer = await server.addUser('member');
    outsider = await server.addWorkspace('elsewhere');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await server?.[Symbol.asyncDispose]();
    await dropDatabase?.();
  });

  it('turns review on only with two people who may publish, and gives members the grant', async () => {
    const turnOn = () =>
      server.request('PATCH', `/api/workspaces/${owner.workspaceId}`, {
        token: owner.token,
        json: { settings: { review: 'required' } },
      });
    expect(await errorOf(turnOn(), 409)).toBe('review_needs_reviewers');
    // A member cannot give herself the grant.
    const grant = (who: TestPrincipal, userId: string) =>
      server.request('PATCH', `/api/workspaces/${owner.workspaceId}/members/${userId}`, {
        token: who.token,
        json: { reviewer: true },
      });
    expect(await errorOf(grant(member, member.userId as string), 403)).toBe('forbidden');
    const granted = await json<{ reviewer: boolean }>(grant(owner, reviewer.userId as string));
    expect(granted.reviewer).toBe(true);
    admin = await server.addUser('admin');
    const workspace = await json<{ settings: { review: string } }>(turnOn());
    expect(workspace.settings.review).toBe('required');
  });

  it("keeps a member's edit from every agent surface until someone else publishes it", async () => {
    const before = await servedToAgent();
    expect(before.api).toContain('marker one');
    const proposed = await json<{ proposed: boolean; version: number; published: number }>(
      put(member, 'two', 1),
      202,
    );
    expect(proposed).toMatchObject({ proposed: true, version: 2, published: 1 });
    const during = await servedToAgent();
    expect(during).toEqual(before);
    expect(JSON.stringify(during)).not.toContain('marker two');
    // Nor can the agent read the proposal by its number.
    expect(
      await errorOf(
        server.request('GET', '/api/skills/deploy/versions/2', { token: agent.token }),
        404,
      ),
    ).toBe('version_not_found');
    const versions = await json<{ items: { version: number }[] }>(
      server.request('GET', '/api/skills/deploy/versions', { token: agent.token }),
    );
    expect(versions.items.map((each) => each.version)).toEqual([1]);
    // A person sees it waiting, with what changed.
    const proposal = await proposalOf(2);
    expect(proposal).toMatchObject({ state: 'proposed', published: 1, mayPublish: true });
    const review = await json<{ review: { diff: { path: string; diff: string }[] } }>(
      server.request('GET', '/api/proposals/deploy/2', { token: reviewer.token }),
    );
    expect(review.review.diff[0]?.diff).toContain('+Deploy marker two.');
  });

  it("refuses the author's own publish by token, by cookie and from a second session", async () => {
    const proposal = await proposalOf(2);
    // The member is no reviewer at all; the owner's own proposal is the sharper case.
    expect(await errorOf(publish(member, proposal, 1), 403)).toBe('forbidden');
    const own = await json<{ version: number }>(put(owner, 'three', 1), 202);
    const ownProposal = await proposalOf(own.version, 'deploy', owner);
    expect(ownProposal.mayPublish).toBe(false);
    expect(await errorOf(publish(owner, ownProposal, 1), 403)).toBe('own_proposal');
    const cookie = await server.signIn(owner.userId);
    expect(await errorOf(publish({ cookie }, ownProposal, 1), 403)).toBe('own_proposal');
    const second = await json<{ token: string }>(
      server.request('POST', '/api/tokens', {
        json: { name: 'second laptop' },
        headers: { cookie: await server.signIn(owner.userId), origin: ORIGIN },
      }),
      201,
    );
    expect(await errorOf(publish({ token: second.token }, ownProposal, 1), 403)).toBe(
      'own_proposal',
    );
    expect((await servedToAgent()).api).toContain('marker one');
  });

  it('refuses a reviewer of another workspace and an agent token, proposing or publishing', async () => {
    const proposal = await proposalOf(2);
    expect(await errorOf(publish(outsider, proposal, 1), 404)).toBe('skill_not_found');
    expect(await errorOf(publish(agent, proposal, 1), 403)).toBe('forbidden');
    expect(await errorOf(put(agent, 'agent', 1), 403)).toBe('forbidden');
    const editor = await server.addAgent({ name: 'editor', settings: { role: 'member' } });
    expect(await errorOf(put(editor, 'agent', 1), 403)).toBe('forbidden');
    expect(
      await errorOf(server.request('GET', '/api/proposals', { token: agent.token }), 403),
    ).toBe('forbidden');
  });

  it('refuses a viewer reading, proposing or publishing, and an outsider reading a proposal', async () => {
    const viewer = await server.addUser('viewer');
    const proposal = await proposalOf(2);
    expect(
      await errorOf(server.request('GET', '/api/proposals', { token: viewer.token }), 403),
    ).toBe('forbidden');
    expect(
      await errorOf(server.request('GET', '/api/proposals/deploy/2', { token: viewer.token }), 403),
    ).toBe('forbidden');
    expect(await errorOf(put(viewer, 'viewer', 1), 403)).toBe('forbidden');
    expect(await errorOf(publish(viewer, proposal, 1), 403)).toBe('forbidden');
    const outsiderRead = server.request('GET', '/api/proposals/deploy/2', {
      token: outsider.token,
    });
    expect(await errorOf(outsiderRead, 404)).toBe('skill_not_found');
  });

  it('binds the approval to the digest shown: a different revision under that number is refused', async () => {
    const shown = await proposalOf(2);
    const other = await proposalOf(3);
    const swapped = { ...shown, hash: other.hash };
    expect(await errorOf(publish(reviewer, swapped, 1), 409)).toBe('revision_changed');
  });

  it('lets one of two reviewers publishing different proposals at once win (If-Match)', async () => {
    const [two, three] = [await proposalOf(2), await proposalOf(3)];
    const answers = await Promise.all([publish(reviewer, two, 1), publish(admin, three, 1)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? two : three;
    const served = await servedToAgent();
    const marker = winner.version === 2 ? 'marker two' : 'marker three';
    expect(served.api).toContain(marker);
    expect(served.sync).toBe(winner.version);
    for (const text of served.mcp) expect(text).toContain(marker);
  });

  it('rolls back to the earlier revision everywhere in one step, and audits each move', async () => {
    const current = (
      await json<{ version: number }>(
        server.request('GET', '/api/skills/deploy', { token: reviewer.token }),
      )
    ).version;
    const versions = await json<{ items: { version: number; hash: string }[] }>(
      server.request('GET', '/api/skills/deploy/versions', { token: reviewer.token }),
    );
    const first = versions.items.find((each) => each.version === 1);
    if (first === undefined) throw new Error('version 1 is gone');
    await json(
      publish(reviewer, { name: 'deploy', version: 1, hash: first.hash } as Revision, current),
    );
    const served = await servedToAgent();
    expect(served.api).toContain('marker one');
    expect(served.sync).toBe(1);
    const { entries } = await json<{
      entries: { action: string; actor: { id: string }; details: Record<string, unknown> }[];
    }>(server.request('GET', '/api/audit?limit=50', { token: owner.token }));
    const moves = entries.filter((entry) => entry.action.startsWith('skill.'));
    expect(moves.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['skill.propose', 'skill.publish', 'skill.rollback']),
    );
    const rollback = moves.find((entry) => entry.action === 'skill.rollback');
    expect(rollback?.details).toMatchObject({ from: current, to: 1, hash: first.hash });
    expect(rollback?.actor.id).toBe(reviewer.userId);
  });

  it('keeps a rejected proposal with its note, and never publishes it', async () => {
    const proposed = await json<{ version: number }>(put(member, 'four', 1), 202);
    const proposal = await proposalOf(proposed.version);
    const rejected = await json<Revision>(
      server.request('POST', `/api/skills/deploy/versions/${proposal.version}/reject`, {
        token: reviewer.token,
        json: { hash: proposal.hash, note: 'Production needs a dry run first.' },
      }),
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      note: 'Production needs a dry run first.',
    });
    const listed = await proposals(reviewer, 'rejected');
    expect(listed.map((each) => each.version)).toContain(proposal.version);
    expect(await errorOf(publish(admin, proposal, 1), 409)).toBe('not_proposed');
  });

  it('serves a new skill proposed by a member to nobody until it is published', async () => {
    const created = await json<{ proposed: boolean; version: number; published: number }>(
      server.request('POST', '/api/skills', {
        token: member.token,
        json: { content: skillText('rollout', { body: 'Rollout marker fresh.' }) },
      }),
      202,
    );
    expect(created).toMatchObject({ proposed: true, version: 1, published: 0 });
    expect(
      await errorOf(server.request('GET', '/api/skills/rollout', { token: agent.token }), 404),
    ).toBe('skill_not_found');
    const manifest = await json<{ skills: { name: string }[] }>(
      server.request('GET', '/api/sync', { token: agent.token }),
    );
    expect(manifest.skills.map((skill) => skill.name)).not.toContain('rollout');
    await json(publish(reviewer, await proposalOf(1, 'rollout'), 0));
    const detail = await json<{ body: string }>(
      server.request('GET', '/api/skills/rollout', { token: agent.token }),
    );
    expect(detail.body).toContain('Rollout marker fresh.');
  });

  it('refuses a rollback to a revision the workspace would not serve (requireSigned)', async () => {
    await json(
      server.request('PATCH', `/api/workspaces/${owner.workspaceId}`, {
        token: owner.token,
        json: { settings: { requireSigned: true } },
      }),
    );
    const versions = await json<{ current: number; items: { version: number; hash: string }[] }>(
      server.request('GET', '/api/skills/deploy/versions', { token: reviewer.token }),
    );
    const older = versions.items.find((each) => each.version !== versions.current);
    if (older === undefined) throw new Error('no older version');
    const refused = publish(
      reviewer,
      { name: 'deploy', version: older.version, hash: older.hash } as Revision,
      versions.current,
    );
    expect(await errorOf(refused, 409)).toBe('revision_unsigned');
  });
});
