import { resolveServerConfig } from '@skillset/server';
import {
  createIdentityServices,
  createRuntimeTestApp,
  type IdentityServices,
  type RuntimeTestApp,
  resolveIdentityConfig,
  skillText,
} from '@skillset/server/test';
import { openStore } from '@skillset/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { readSseData } from '../support/read-sse.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server.ts';

/**
 * The identity and tenancy attacks of issue "Identity and tenancy you can trust", each tried as
 * an attacker with a second real account (people join only through invitations, as in real
 * use), through the real HTTP app with a real SMTP server, on PGlite and on PostgreSQL.
 */

const ORIGIN = 'http://localhost';
const adminUrl = process.env.DATABASE_URL;

/** A person who joined through an invitation link: their session cookie and a token of theirs. */
interface Person {
  userId: string;
  email: string;
  cookie: string;
  token: string;
}

function sessionCookie(response: Response): string {
  return /^(skillset_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
}

async function json<Body>(response: Response | Promise<Response>, status: number): Promise<Body> {
  const answered = await response;
  const text = await answered.text();
  if (answered.status !== status) {
    throw new Error(`expected ${status}, got ${answered.status}: ${text}`);
  }
  return (text === '' ? undefined : JSON.parse(text)) as Body;
}

const targets = [
  {
    name: 'PGlite',
    url: undefined as (() => Promise<{ url: string; drop(): Promise<void> }>) | undefined,
  },
  ...(adminUrl === undefined
    ? []
    : [{ name: 'PostgreSQL', url: () => createFreshPostgresDatabase(adminUrl) }]),
];

describe.each(targets)('identity attacks ($name)', (target) => {
  let server: RuntimeTestApp;
  let smtp: SmtpTestServer;
  let endpoint: OpenAiCompatibleServer;
  let identity: IdentityServices;
  let dropDatabase: (() => Promise<void>) | undefined;
  let owner: { token: string; workspaceId: string };
  let mailCount = 0;

  function request(
    method: string,
    path: string,
    options: { token?: string; cookie?: string; json?: unknown; workspace?: string } = {},
  ) {
    return server.request(method, path, {
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.json === undefined ? {} : { json: options.json }),
      headers: {
        ...(options.cookie === undefined ? {} : { cookie: options.cookie, origin: ORIGIN }),
        ...(options.workspace === undefined ? {} : { 'skillset-workspace': options.workspace }),
      },
    });
  }

  const uniqueEmail = (label: string) =>
    `${label}-${++mailCount}-${target.name}@example.test`.toLowerCase();

  /** The inviter invites `email` with a link to pass on; the invitee opens it signed out and joins. */
  async function joinByLink(
    inviter: { token: string; workspaceId: string },
    email: string,
    role: string,
    name: string,
  ): Promise<Person> {
    const { code } = await json<{ code: string }>(
      request('POST', `/api/workspaces/${inviter.workspaceId}/invitations`, {
        token: inviter.token,
        json: { email, role, kind: 'open_link' },
      }),
      201,
    );
    const accepted = await request('POST', `/api/invitations/${code}/accept`, {
      json: { displayName: name },
    });
    const { user } = await json<{ user: { id: string } }>(accepted, 200);
    const cookie = sessionCookie(accepted);
    const { token } = await json<{ token: string }>(
      request('POST', '/api/tokens', { cookie, json: { name: 'laptop' } }),
      201,
    );
    return { userId: user.id, email, cookie, token };
  }

  /** Opens a mailed `/sign-in?code=…` or `/invite/…` link's sign-in the way a browser does. */
  async function openSignInLink(link: string): Promise<string> {
    const url = new URL(link);
    const response = await server.app.request(`${url.pathname}${url.search}`);
    expect(response.status).toBe(303);
    return sessionCookie(response);
  }

  beforeAll(async () => {
    endpoint = await startOpenAiCompatibleServer([
      { toolCalls: [{ name: 'use_skill', arguments: { skill: 'release', arguments: '2.0' } }] },
      { text: 'Released.' },
    ]);
    const { model } = resolveServerConfig({
      env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
    });
    smtp = await startSmtpTestServer();
    identity = createIdentityServices(resolveIdentityConfig({ SKILLSET_SMTP_URL: smtp.url }));
    identity.publicUrl = ORIGIN;
    const database = await target.url?.();
    dropDatabase = database?.drop;
    server = await createRuntimeTestApp({
      identity,
      chat: model === undefined ? {} : { model },
      ...(database === undefined
        ? {}
        : { store: await openStore({ databaseUrl: database.url, migrate: true }) }),
    });
    owner = { token: server.owner.token, workspaceId: server.owner.workspaceId };
  }, 60_000);

  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    identity?.mailer?.close();
    await smtp?.close();
    await endpoint?.close();
    await dropDatabase?.();
  });

  it('1. pulls nobody into a workspace: no direct add, no account enumeration, defaults stay put', async () => {
    const victim = await joinByLink(owner, uniqueEmail('victim'), 'member', 'Victim');
    const attacker = await joinByLink(owner, uniqueEmail('attacker'), 'member', 'Attacker');
    const evil = await json<{ id: string }>(
      request('POST', '/api/workspaces', { token: attacker.token, json: { name: 'Evil' } }),
      201,
    );
    for (const body of [
      { email: victim.email, role: 'owner' },
      { userId: victim.userId, role: 'owner' },
    ]) {
      const added = await request('POST', `/api/workspaces/${evil.id}/members`, {
        token: attacker.token,
        json: body,
      });
      expect(added.status).toBe(404);
    }
    const invite = async (email: string) => {
      const response = await request('POST', `/api/workspaces/${evil.id}/invitations`, {
        token: attacker.token,
        json: { email, role: 'owner', kind: 'open_link' },
      });
      const body = (await response.json()) as { invitation: Record<string, unknown> };
      return { status: response.status, keys: Object.keys(body.invitation).sort() };
    };
    expect(await invite(victim.email)).toEqual(await invite(uniqueEmail('nobody')));
    const victimMe = await json<{ workspaces: { id: string }[] }>(
      request('GET', '/api/me', { token: victim.token }),
      200,
    );
    expect(victimMe.workspaces.map((workspace) => workspace.id)).toEqual([owner.workspaceId]);

    // Even once the victim joins Evil of their own accord, their default stays where it was.
    const { code } = await json<{ code: string }>(
      request('POST', `/api/workspaces/${evil.id}/invitations`, {
        token: attacker.token,
        json: { email: victim.email, role: 'member', kind: 'open_link' },
      }),
      201,
    );
    await json(
      request('POST', `/api/invitations/${code}/accept`, { cookie: victim.cookie, json: {} }),
      200,
    );
    await json(
      request('POST', '/api/skills', {
        token: victim.token,
        json: { content: skillText('victim-notes', { body: 'Private marker zz-victim.' }) },
      }),
      201,
    );
    const stolen = await request('GET', '/api/skills/victim-notes', {
      token: attacker.token,
      workspace: evil.id,
    });
    expect(stolen.status).toBe(404);
    const searched = await json<{ items: { name: string }[] }>(
      request('GET', '/api/skills?q=victim-notes', { token: attacker.token, workspace: evil.id }),
      200,
    );
    expect(searched.items.map((item) => item.name)).not.toContain('victim-notes');
    const own = await request('GET', '/api/skills/victim-notes', { token: victim.token });
    expect(own.status).toBe(200);
    expect(
      (
        await request('PATCH', '/api/me', {
          token: attacker.token,
          json: { defaultWorkspaceId: owner.workspaceId },
        })
      ).status,
    ).toBe(200);
    const victimAfter = await json<{ principal: { workspaceId: string } }>(
      request('GET', '/api/me', { token: victim.token }),
      200,
    );
    expect(victimAfter.principal.workspaceId).toBe(owner.workspaceId);
    // The victim chooses Evil themselves: only then do their requests go there.
    await json(
      request('PATCH', '/api/me', { cookie: victim.cookie, json: { defaultWorkspaceId: evil.id } }),
      200,
    );
    const chosen = await json<{ principal: { workspaceId: string } }>(
      request('GET', '/api/me', { token: victim.token }),
      200,
    );
    expect(chosen.principal.workspaceId).toBe(evil.id);
    await json(
      request('PATCH', '/api/me', {
        cookie: victim.cookie,
        json: { defaultWorkspaceId: owner.workspaceId },
      }),
      200,
    );
  });

  it('2. lets nobody squat an address: an unverified claim blocks no one and gains nothing', async () => {
    const attacker = await joinByLink(owner, uniqueEmail('squatter'), 'member', 'Squatter');
    const evil = await json<{ id: string }>(
      request('POST', '/api/workspaces', { token: attacker.token, json: { name: 'Squat' } }),
      201,
    );
    const newhire = uniqueEmail('newhire');
    const squat = await joinByLink(
      { token: attacker.token, workspaceId: evil.id },
      newhire,
      'viewer',
      'Fake',
    );

    // The owner invites the real person by mail: the link goes only to the mailbox.
    const created = await json<{ url?: string; code?: string; invitation: { kind: string } }>(
      request('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
        token: owner.token,
        json: { email: newhire, role: 'admin' },
      }),
      201,
    );
    expect(created).toMatchObject({ invitation: { kind: 'email' } });
    expect(created.url).toBeUndefined();
    expect(created.code).toBeUndefined();
    const mail = await smtp.nextMailTo(newhire);
    const code = new URL(mail.link).pathname.split('/').at(-1) as string;
    const real = await request('POST', `/api/invitations/${code}/accept`, {
      json: { displayName: 'Real Hire' },
    });
    const joined = await json<{ user: { id: string; emailVerified: boolean } }>(real, 200);
    expect(joined.user.emailVerified).toBe(true);
    expect(joined.user.id).not.toBe(squat.userId);

    const squatSees = await request('GET', `/api/workspaces/${owner.workspaceId}`, {
      token: squat.token,
    });
    expect(squatSees.status).toBe(404);
    // A sign-in link for the address goes to the mailbox and signs in the proven account only.
    await json(request('POST', '/api/session/email', { json: { email: newhire } }), 202);
    const signIn = await smtp.nextMailTo(newhire);
    const cookie = await openSignInLink(signIn.link);
    const me = await json<{ user: { id: string }; principal: { role: string } }>(
      request('GET', '/api/me', { cookie }),
      200,
    );
    expect(me.user.id).toBe(joined.user.id);
    expect(me.principal.role).toBe('admin');
  });

  it('3. keeps a token within its creator: workspace limit and expiry are inherited', async () => {
    const person = await joinByLink(owner, uniqueEmail('tokens'), 'member', 'Token Person');
    const second = await json<{ id: string }>(
      request('POST', '/api/workspaces', { token: person.token, json: { name: 'Second' } }),
      201,
    );
    const limited = await json<{ token: string }>(
      request('POST', '/api/tokens', {
        token: person.token,
        json: { name: 'limited', workspaceOnly: true },
      }),
      201,
    );
    const child = await json<{ token: string; info: { workspaceId: string | null } }>(
      request('POST', '/api/tokens', { token: limited.token, json: { name: 'child' } }),
      201,
    );
    expect(child.info.workspaceId).toBe(owner.workspaceId);
    const escaped = await request('GET', '/api/skills', {
      token: child.token,
      workspace: second.id,
    });
    expect(escaped.status).toBe(404);

    const hour = new Date(Date.now() + 60 * 60 * 1000);
    const short = await json<{ token: string }>(
      request('POST', '/api/tokens', {
        token: person.token,
        json: { name: 'short', expiresAt: hour.toISOString() },
      }),
      201,
    );
    const inherited = await json<{ info: { expiresAt: string | null } }>(
      request('POST', '/api/tokens', { token: short.token, json: { name: 'inherits' } }),
      201,
    );
    expect(inherited.info.expiresAt).not.toBeNull();
    expect(new Date(inherited.info.expiresAt as string).getTime()).toBeLessThanOrEqual(
      hour.getTime(),
    );
    const longer = await request('POST', '/api/tokens', {
      token: short.token,
      json: { name: 'longer', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    expect(longer.status).toBe(400);

    const agent = await server.addAgent({ workspaceId: owner.workspaceId });
    expect(
      (await request('POST', '/api/tokens', { token: agent.token, json: { name: 'x' } })).status,
    ).toBe(403);
  });

  it('4a. gives agents no manage rights from rules, and a deny holds on every library route', async () => {
    await json(
      request('POST', '/api/skills', {
        token: owner.token,
        json: { content: skillText('guarded', { body: 'Guarded marker zz-guarded.' }) },
      }),
      201,
    );
    const agent = await server.addAgent({ workspaceId: owner.workspaceId });
    await json(
      request('POST', '/api/permissions', {
        token: owner.token,
        json: { agentId: agent.agentId, skill: '*', surface: '*', action: 'allow' },
      }),
      201,
    );
    for (const [method, path] of [
      ['POST', '/api/skills/guarded/disable'],
      ['POST', '/api/skills/guarded/versions/1/restore'],
      ['DELETE', '/api/skills/guarded?force=true'],
    ] as const) {
      expect((await request(method, path, { token: agent.token })).status, path).toBe(403);
    }
    expect((await request('GET', '/api/skills/guarded', { token: owner.token })).status).toBe(200);

    const denied = await server.addAgent({ workspaceId: owner.workspaceId });
    await json(
      request('POST', '/api/permissions', {
        token: owner.token,
        json: { agentId: denied.agentId, skill: 'guarded', surface: '*', action: 'deny' },
      }),
      201,
    );
    const list = await json<{ items: { name: string }[] }>(
      request('GET', '/api/skills?limit=1000', { token: denied.token }),
      200,
    );
    expect(list.items.map((item) => item.name)).not.toContain('guarded');
    const searched = await json<{ items: { name: string }[] }>(
      request('GET', '/api/skills?q=guarded', { token: denied.token }),
      200,
    );
    expect(searched.items.map((item) => item.name)).not.toContain('guarded');
    for (const path of [
      '/api/skills/guarded',
      '/api/skills/guarded/files/SKILL.md',
      '/api/skills/guarded/download',
      '/api/skills/guarded/versions',
      '/api/skills/guarded/versions/1',
    ]) {
      const response = await request('GET', path, { token: denied.token });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('zz-guarded');
    }
  });

  it('4b. never returns an ask skill’s body from invoke before approval', async () => {
    await json(
      request('POST', '/api/skills', {
        token: owner.token,
        json: {
          content: skillText('deploy-prod', { body: 'Deploy marker zz-deploy $ARGUMENTS.' }),
        },
      }),
      201,
    );
    const agent = await server.addAgent({ workspaceId: owner.workspaceId });
    await json(
      request('POST', '/api/permissions', {
        token: owner.token,
        json: { agentId: agent.agentId, skill: 'deploy-prod', action: 'ask' },
      }),
      201,
    );
    // No waiting: a write answers once this instance's registry holds it, on PostgreSQL too.
    const response = await request('POST', '/api/skills/invoke', {
      token: agent.token,
      json: { message: '/deploy-prod now' },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('zz-deploy');
    expect(JSON.parse(text)).toMatchObject({
      activations: [{ name: 'deploy-prod', requiresApproval: true }],
    });
  });

  it('4d. reads its own writes: a skill created, replaced or deleted is invoked as such at once', async () => {
    const invoke = async (name: string) => {
      const response = await request('POST', '/api/skills/invoke', {
        token: owner.token,
        json: { message: `/${name} now` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { activations: { content?: string }[] };
      return body.activations[0]?.content;
    };
    // Enough skills that reloading the registry takes a while: a reply sent before the reload
    // ended would let the next invoke see the old skills.
    const seeded = await server.store.skills.createMany(
      Array.from({ length: 1500 }, (_, index) => ({
        scope: 'workspace' as const,
        workspaceId: owner.workspaceId,
        skillMd: skillText(`filler-${index}`),
      })),
    );
    expect(seeded.every((result) => result.ok)).toBe(true);
    expect(await invoke('filler-7')).toContain('filler-7');
    for (let round = 0; round < 3; round++) {
      const name = `fresh-skill-${round}`;
      await json(
        request('POST', '/api/skills', {
          token: owner.token,
          json: { content: skillText(name, { body: `First ${round} $ARGUMENTS.` }) },
        }),
        201,
      );
      expect(await invoke(name)).toContain(`First ${round} now.`);
      const current = await request('GET', `/api/skills/${name}`, { token: owner.token });
      const replaced = await server.request('PUT', `/api/skills/${name}`, {
        token: owner.token,
        json: { content: skillText(name, { body: `Second ${round} $ARGUMENTS.` }) },
        headers: { 'if-match': current.headers.get('etag') as string },
      });
      expect(replaced.status).toBe(200);
      expect(await invoke(name)).toContain(`Second ${round} now.`);
      const deleted = await request('DELETE', `/api/skills/${name}`, { token: owner.token });
      expect(deleted.status).toBeLessThan(300);
      expect(await invoke(name)).toBeUndefined();
    }
  });

  it('4c. lets only a person with rights over an agent answer its approval, never its own token', async () => {
    await server.addSkill(skillText('release', { body: 'Release marker zz-release $ARGUMENTS.' }));
    const agent = await server.addAgent({ workspaceId: owner.workspaceId });
    const member = await joinByLink(owner, uniqueEmail('bystander'), 'member', 'Bystander');
    await json(
      request('POST', '/api/permissions', {
        token: owner.token,
        json: { agentId: agent.agentId, skill: 'release', action: 'ask' },
      }),
      201,
    );
    const answers: Record<string, number> = {};
    const response = await request('POST', '/api/chat', {
      token: agent.token,
      json: { id: 'agent-chat', message: 'Release 2.0' },
    });
    let stream = '';
    const answer = (id: string, token: string) =>
      request('POST', `/api/chat/approvals/${id}`, { token, json: { approved: true } });
    for await (const data of readSseData(response)) {
      stream += `${data}\n`;
      if (!data.startsWith('{')) continue;
      const chunk = JSON.parse(data) as { type: string; data?: { id: string; status: string } };
      if (
        chunk.type === 'data-approval' &&
        chunk.data?.status === 'pending' &&
        answers.owner === undefined
      ) {
        const { id } = chunk.data;
        answers.agent = (await answer(id, agent.token)).status;
        answers.member = (await answer(id, member.token)).status;
        const listed = await json<{ approvals: { id: string; askedBy: { kind: string } }[] }>(
          request('GET', '/api/chat/approvals', { token: owner.token }),
          200,
        );
        answers.listed = listed.approvals.filter(
          (each) => each.id === id && each.askedBy.kind === 'agent',
        ).length;
        answers.owner = (await answer(id, owner.token)).status;
      }
    }
    expect(answers).toEqual({ agent: 404, member: 404, listed: 1, owner: 200 });
    expect(stream).toContain('"status":"approved"');
  });

  it('5. lets members sign back in: a mailed link from an admin proves the address, then by themselves', async () => {
    const member = await joinByLink(owner, uniqueEmail('member'), 'member', 'Returning');
    await json(request('DELETE', '/api/session', { cookie: member.cookie }), 200);
    expect((await request('GET', '/api/me', { cookie: member.cookie })).status).toBe(401);
    // Unproven: no self-service link (it could be anyone's claim), and the answer says nothing.
    const before = smtp.mails.length;
    await json(request('POST', '/api/session/email', { json: { email: member.email } }), 202);
    const me = await json<{ user: { signInMethods: string[]; emailVerified: boolean } }>(
      request('GET', '/api/me', { token: member.token }),
      200,
    );
    expect(me.user).toMatchObject({ emailVerified: false, signInMethods: [] });

    await json(
      request(
        'POST',
        `/api/workspaces/${owner.workspaceId}/members/${member.userId}/sign-in-link`,
        {
          token: owner.token,
          json: { delivery: 'email' },
        },
      ),
      201,
    );
    const mailed = await smtp.nextMailTo(member.email);
    expect(smtp.mails.slice(before).filter((mail) => mail.to.includes(member.email))).toHaveLength(
      1,
    );
    const cookie = await openSignInLink(mailed.link);
    const back = await json<{
      user: { id: string; emailVerified: boolean; signInMethods: string[] };
    }>(request('GET', '/api/me', { cookie }), 200);
    expect(back.user).toMatchObject({
      id: member.userId,
      emailVerified: true,
      signInMethods: ['email'],
    });

    await json(request('POST', '/api/session/email', { json: { email: member.email } }), 202);
    const own = await smtp.nextMailTo(member.email);
    expect(await openSignInLink(own.link)).not.toBe('');

    // Sign out everywhere, tokens too: nothing of theirs works any more.
    const out = await json<{ revokedTokens: number }>(
      request('DELETE', '/api/session?everywhere=true&revokeTokens=true', { cookie }),
      200,
    );
    expect(out.revokedTokens).toBeGreaterThanOrEqual(1);
    expect((await request('GET', '/api/me', { token: member.token })).status).toBe(401);
    expect((await request('GET', '/api/me', { cookie })).status).toBe(401);
  });
});
