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
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server.ts';

/**
 * Issue "Nothing the team delivers can be turned against it", items 3 and 6: a copied sign-in
 * link, a mailed invitation, the change feed, uploads and new workspaces, each tried as an
 * attacker with real accounts that joined by invitation, through the real HTTP app with a real
 * SMTP server, on PGlite and on PostgreSQL.
 */

const ORIGIN = 'http://localhost';
const MINUTE_MS = 60 * 1000;
const adminUrl = process.env.DATABASE_URL;

/** A person who joined through an open invitation link: their session cookie and a token. */
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

/** A request body of `chunks` pieces made only as they are read; `first` opens it. */
function lazyBody(first: Uint8Array, chunks: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += 1;
        controller.enqueue(pulled === 1 ? first : new Uint8Array(1024));
        if (pulled === chunks) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, readToTheEnd: () => pulled === chunks };
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

describe.each(targets)('links and roles attacks ($name)', (target) => {
  let server: RuntimeTestApp;
  let smtp: SmtpTestServer;
  let identity: IdentityServices;
  let dropDatabase: (() => Promise<void>) | undefined;
  let owner: { token: string; workspaceId: string };
  let mailCount = 0;

  function request(
    method: string,
    path: string,
    options: { token?: string; cookie?: string; json?: unknown } = {},
  ) {
    return server.request(method, path, {
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.json === undefined ? {} : { json: options.json }),
      headers: options.cookie === undefined ? {} : { cookie: options.cookie, origin: ORIGIN },
    });
  }

  const uniqueEmail = (label: string) =>
    `${label}-${++mailCount}-${target.name}@example.test`.toLowerCase();

  /** The inviter makes an open link for `email`; the invitee opens it signed out and joins. */
  async function joinByOpenLink(
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

  /** The code of a mailed `/invite/{code}` link. */
  const inviteCodeOf = (link: string) => new URL(link).pathname.split('/').at(-1) as string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    identity = createIdentityServices(resolveIdentityConfig({ SKILLSET_SMTP_URL: smtp.url }));
    identity.publicUrl = ORIGIN;
    const database = await target.url?.();
    dropDatabase = database?.drop;
    server = await createRuntimeTestApp({
      identity,
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
    await dropDatabase?.();
  });

  it('3. a copied sign-in link dies once its member joins another workspace; a mailed one still works', async () => {
    const member = await joinByOpenLink(owner, uniqueEmail('passed'), 'member', 'Passed On');
    const path = `/api/workspaces/${owner.workspaceId}/members/${member.userId}/sign-in-link`;
    const before = Date.now();
    const copied = await json<{ url: string; expiresAt: string }>(
      request('POST', path, { token: owner.token, json: { delivery: 'link' } }),
      201,
    );
    const expiresAt = new Date(copied.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 15 * MINUTE_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 15 * MINUTE_MS);

    // The member joins another workspace, where they are an admin.
    const elsewhere = await json<{ id: string }>(
      request('POST', '/api/workspaces', { token: owner.token, json: { name: 'Elsewhere' } }),
      201,
    );
    const { code } = await json<{ code: string }>(
      request('POST', `/api/workspaces/${elsewhere.id}/invitations`, {
        token: owner.token,
        json: { email: member.email, role: 'admin', kind: 'open_link' },
      }),
      201,
    );
    await json(
      request('POST', `/api/invitations/${code}/accept`, { cookie: member.cookie, json: {} }),
      200,
    );

    const url = new URL(copied.url);
    const opened = await server.app.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(403);
    expect(sessionCookie(opened)).toBe('');
    expect(await opened.text()).toContain('also belongs to other workspaces');
    const exchanged = await request('POST', '/api/session', {
      json: { code: url.searchParams.get('code') },
    });
    expect(exchanged.status).toBe(403);
    expect(await exchanged.json()).toMatchObject({
      error: {
        code: 'sign_in_link_not_allowed',
        message: expect.stringContaining('no longer works'),
      },
    });
    expect(sessionCookie(exchanged)).toBe('');

    // A link mailed to the member's own address (valid an hour) still signs them in.
    const mailedBefore = Date.now();
    const mailed = await json<{ expiresAt: string }>(
      request('POST', path, { token: owner.token, json: { delivery: 'email' } }),
      201,
    );
    const mailedExpiresAt = new Date(mailed.expiresAt).getTime();
    expect(mailedExpiresAt).toBeGreaterThanOrEqual(mailedBefore + 60 * MINUTE_MS);
    expect(mailedExpiresAt).toBeLessThanOrEqual(Date.now() + 60 * MINUTE_MS);
    const mail = await smtp.nextMailTo(member.email);
    const link = new URL(mail.link);
    const signedIn = await server.app.request(`${link.pathname}${link.search}`);
    expect(signedIn.status).toBe(303);
    const me = await json<{ user: { id: string } }>(
      request('GET', '/api/me', { cookie: sessionCookie(signedIn) }),
      200,
    );
    expect(me.user.id).toBe(member.userId);
  });

  it('6a. a mailed invitation is accepted only by the account that proved its address; an open link by anyone', async () => {
    const alice = uniqueEmail('alice');
    // Alice joins the owner's workspace by mail: the new account has proven her address.
    await json(
      request('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
        token: owner.token,
        json: { email: alice, role: 'member' },
      }),
      201,
    );
    const first = await request(
      'POST',
      `/api/invitations/${inviteCodeOf((await smtp.nextMailTo(alice)).link)}/accept`,
      { json: { displayName: 'Alice' } },
    );
    const aliceJoined = await json<{ user: { id: string; emailVerified: boolean } }>(first, 200);
    expect(aliceJoined.user.emailVerified).toBe(true);
    const aliceCookie = sessionCookie(first);

    const vault = await json<{ id: string }>(
      request('POST', '/api/workspaces', { token: owner.token, json: { name: 'Vault' } }),
      201,
    );
    await json(
      request('POST', `/api/workspaces/${vault.id}/invitations`, {
        token: owner.token,
        json: { email: alice.toUpperCase(), role: 'admin' },
      }),
      201,
    );
    const code = inviteCodeOf((await smtp.nextMailTo(alice)).link);

    // Bob holds the link: signed in as himself, or as an account that claims Alice's address.
    const bob = await joinByOpenLink(owner, uniqueEmail('bob'), 'member', 'Bob');
    const claimant = await joinByOpenLink(owner, alice, 'member', 'Not Alice');
    for (const thief of [bob, claimant]) {
      const refused = await request('POST', `/api/invitations/${code}/accept`, {
        cookie: thief.cookie,
        json: {},
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: {
          code: 'invitation_not_yours',
          message: expect.stringContaining('only the account that proved that address'),
        },
      });
      const sees = await request('GET', `/api/workspaces/${vault.id}`, { token: thief.token });
      expect(sees.status).toBe(404);
    }
    const claimantMe = await json<{ user: { emailVerified: boolean } }>(
      request('GET', '/api/me', { token: claimant.token }),
      200,
    );
    expect(claimantMe.user.emailVerified).toBe(false);

    const joined = await json<{ role: string; user: { id: string } }>(
      request('POST', `/api/invitations/${code}/accept`, { cookie: aliceCookie, json: {} }),
      200,
    );
    expect(joined).toMatchObject({ role: 'admin', user: { id: aliceJoined.user.id } });

    // An open link, made as such, may be accepted by whoever holds it: here Bob.
    const open = await json<{ code: string; invitation: { kind: string } }>(
      request('POST', `/api/workspaces/${vault.id}/invitations`, {
        token: owner.token,
        json: { email: uniqueEmail('carol'), role: 'viewer', kind: 'open_link' },
      }),
      201,
    );
    expect(open.invitation.kind).toBe('open_link');
    const preview = await json<{ kind: string }>(
      request('GET', `/api/invitations/${open.code}`),
      200,
    );
    expect(preview.kind).toBe('open_link');
    await json(
      request('POST', `/api/invitations/${open.code}/accept`, { cookie: bob.cookie, json: {} }),
      200,
    );
    const audit = await server.store.audit.list({ workspaceId: vault.id });
    expect(
      audit
        .filter((entry) => entry.action.startsWith('invitation.'))
        .map((entry) => [entry.action, entry.details.kind]),
    ).toEqual([
      ['invitation.accept', 'open_link'],
      ['invitation.create', 'open_link'],
      ['invitation.accept', 'email'],
      ['invitation.create', 'email'],
    ]);
  });

  it('6b. tells an agent nothing of a skill it is denied on its change feed', async () => {
    for (const name of ['secret-plans', 'open-notes']) {
      await json(
        request('POST', '/api/skills', {
          token: owner.token,
          json: { content: skillText(name) },
        }),
        201,
      );
    }
    const agent = await server.addAgent({ workspaceId: owner.workspaceId });
    await json(
      request('POST', '/api/permissions', {
        token: owner.token,
        json: { agentId: agent.agentId, skill: 'secret-plans', surface: '*', action: 'deny' },
      }),
      201,
    );
    const response = await request('GET', '/api/events', { token: agent.token });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let stream = '';
    const until = async (needle: string) => {
      while (!stream.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}: ${stream}`);
        stream += value;
      }
    };
    await until(': connected');
    const change = async (name: string, body: string) => {
      const current = await request('GET', `/api/skills/${name}`, { token: owner.token });
      await json(
        server.request('PUT', `/api/skills/${name}`, {
          token: owner.token,
          json: { content: skillText(name, { body }) },
          headers: { 'if-match': current.headers.get('etag') as string },
        }),
        200,
      );
    };
    // Events come in order: once the allowed skill's later change is there, the other's would be.
    await change('secret-plans', 'Version two of the plans.');
    await change('open-notes', 'Version two of the notes.');
    await until('"name":"open-notes","scope":"workspace"');
    await json(request('DELETE', '/api/skills/secret-plans', { token: owner.token }), 200);
    await json(request('DELETE', '/api/skills/open-notes', { token: owner.token }), 200);
    await until('"type":"deleted","name":"open-notes"');
    await reader.cancel();
    expect(stream).not.toContain('secret-plans');
    expect(stream.match(/event: skill/g)).toHaveLength(2);
  });

  it('6c. refuses a viewer’s upload before reading its body', async () => {
    const viewer = await joinByOpenLink(owner, uniqueEmail('viewer'), 'viewer', 'Viewer');
    const malformed = new TextEncoder().encode('PK\u0003\u0004 this is no ZIP at all');
    for (const [type, first] of [
      ['application/zip', malformed],
      ['text/markdown', new TextEncoder().encode('---\nname: [unclosed\n---\n')],
    ] as const) {
      const { body, readToTheEnd } = lazyBody(first, 64);
      const response = await server.app.request(
        new Request(`${ORIGIN}/api/skills/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${viewer.token}`, 'content-type': type },
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(response.status, type).toBe(403);
      expect(await response.json()).toMatchObject({
        error: { code: 'forbidden', message: expect.stringContaining('"viewer"') },
      });
      expect(readToTheEnd(), type).toBe(false);
    }
  });

  it('6d. lets members and instance admins create workspaces, not viewers', async () => {
    const viewer = await joinByOpenLink(owner, uniqueEmail('looker'), 'viewer', 'Looker');
    const refused = await request('POST', '/api/workspaces', {
      token: viewer.token,
      json: { name: 'Shadow' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringContaining('viewer') },
    });
    const mine = await json<{ workspaces: { name: string }[] }>(
      request('GET', '/api/workspaces', { token: viewer.token }),
      200,
    );
    expect(mine.workspaces.map((workspace) => workspace.name)).not.toContain('Shadow');
    const member = await joinByOpenLink(owner, uniqueEmail('maker'), 'member', 'Maker');
    const created = await json<{ role: string }>(
      request('POST', '/api/workspaces', { token: member.token, json: { name: 'Team Two' } }),
      201,
    );
    expect(created.role).toBe('owner');
  });
});
