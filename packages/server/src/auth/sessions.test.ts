import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app.ts';

const skill = (name: string) =>
  `---\nname: ${name}\ndescription: Helps with ${name} tasks.\n---\n\nDo the ${name} thing.\n`;

describe('sign-in links and sessions', () => {
  it('exchanges a sign-in code once for a session cookie that is not the token', async () => {
    await using server = await createTestApp();
    const { code } = await server.store.signInCodes.create({
      userId: server.owner.userId as string,
    });
    const response = await server.request('GET', `/sign-in?code=${code}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^skillset_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=259\d{4};/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = setCookie.split(';')[0] as string;
    expect(cookie).not.toContain(server.owner.token);
    expect(cookie).not.toContain(code);

    const me = await server.request('GET', '/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { principal: Record<string, unknown> };
    expect(body.principal).toMatchObject({
      kind: 'user',
      id: server.owner.userId,
      role: 'owner',
      sessionId: expect.any(String),
    });
    expect(body.principal.tokenId).toBeUndefined();

    const again = await server.request('GET', `/sign-in?code=${code}`);
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('was already used');
    const unknown = await server.request('GET', '/sign-in?code=made-up');
    expect(unknown.status).toBe(404);
  });

  it('refuses an expired code, over the page and the API', async () => {
    await using server = await createTestApp();
    const userId = server.owner.userId as string;
    const expired = await server.store.signInCodes.create({ userId, ttlMs: -1 });
    const page = await server.request('GET', `/sign-in?code=${expired.code}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('has expired');
    const api = await server.request('POST', '/api/session', { json: { code: expired.code } });
    expect(api.status).toBe(410);
    expect(await api.json()).toMatchObject({ error: { code: 'code_expired' } });
    const fresh = await server.store.signInCodes.create({ userId });
    const ok = await server.request('POST', '/api/session', { json: { code: fresh.code } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { id: userId, name: 'Owner' } });
    const reused = await server.request('POST', '/api/session', { json: { code: fresh.code } });
    expect(await reused.json()).toMatchObject({ error: { code: 'code_used' } });
  });

  it('signs out on the server: the old cookie no longer authenticates', async () => {
    await using server = await createTestApp();
    const cookie = await server.signIn();
    const signOut = await server.request('DELETE', '/api/session', {
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('set-cookie')).toMatch(/skillset_session=;.*Max-Age=0/);
    const after = await server.request('GET', '/api/me', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('signs out everywhere: every session of the user ends, other people’s stay', async () => {
    await using server = await createTestApp();
    const here = await server.signIn();
    const elsewhere = await server.signIn();
    const member = await server.addUser('member');
    const someoneElse = await server.signIn(member.userId);
    const signOut = await server.request('DELETE', '/api/session?everywhere=true', {
      headers: { cookie: here, origin: 'http://localhost' },
    });
    expect(signOut.status).toBe(200);
    const status = async (cookie: string) =>
      (await server.request('GET', '/api/me', { headers: { cookie } })).status;
    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(someoneElse)).toBe(200);
  });

  it('ends a removed member’s access to the workspace through their session', async () => {
    await using server = await createTestApp();
    const member = await server.addUser('member');
    const cookie = await server.signIn(member.userId);
    const skills = () => server.request('GET', '/api/skills', { headers: { cookie } });
    expect((await skills()).status).toBe(200);
    const removed = await server.request(
      'DELETE',
      `/api/workspaces/${server.owner.workspaceId}/members/${member.userId}`,
      { token: server.owner.token },
    );
    expect(removed.status).toBe(204);
    expect((await skills()).status).toBe(403);
  });
});

describe('cross-site request forgery', () => {
  it('refuses cookie writes from another origin or without one; same origin and bearer pass', async () => {
    await using server = await createTestApp();
    const cookie = await server.signIn();
    const create = (name: string, headers: Record<string, string>, token?: string) =>
      server.request('POST', '/api/skills', {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ content: skill(name) }),
        ...(token === undefined ? {} : { token }),
      });
    const foreign = await create('from-evil', { cookie, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const otherPort = await create('other-port', { cookie, origin: 'http://localhost:8080' });
    expect(otherPort.status).toBe(403);
    const missing = await create('no-origin', { cookie });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({
      error: { code: 'origin_not_allowed', message: expect.stringContaining('Origin header') },
    });
    const nullOrigin = await create('null-origin', { cookie, origin: 'null' });
    expect(nullOrigin.status).toBe(403);

    const same = await create('same-origin', { cookie, origin: 'http://localhost' });
    expect(same.status).toBe(201);
    const bearer = await create(
      'bearer-anywhere',
      { origin: 'http://evil.example' },
      server.owner.token,
    );
    expect(bearer.status).toBe(201);
    const read = await server.request('GET', '/api/skills', {
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(read.status).toBe(200);
    const names = ((await read.json()) as { items: Array<{ name: string }> }).items.map(
      (entry) => entry.name,
    );
    expect(names).toContain('same-origin');
    expect(names).not.toContain('from-evil');
    expect(names).not.toContain('other-port');
  });

  it('refuses the text/plain form post another port of the same host can send with the cookie', async () => {
    await using server = await createTestApp();
    const cookie = await server.signIn();
    // What <form enctype="text/plain"> on http://127.0.0.1:9999 sends: a "simple" request, no preflight.
    const response = await server.app.request('http://127.0.0.1:4747/api/skills', {
      method: 'POST',
      headers: { cookie, origin: 'http://127.0.0.1:9999', 'content-type': 'text/plain' },
      body: JSON.stringify({ content: skill('csrf-plain') }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const listed = await server.request('GET', '/api/skills?q=csrf-plain', {
      token: server.owner.token,
    });
    expect(JSON.stringify(await listed.json())).not.toContain('csrf-plain');
  });

  it('refuses to sign anybody in from a foreign origin (login CSRF)', async () => {
    await using server = await createTestApp();
    const { code } = await server.store.signInCodes.create({
      userId: server.owner.userId as string,
    });
    const foreign = await server.request('POST', '/api/session', {
      json: { code },
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const same = await server.request('POST', '/api/session', {
      json: { code },
      headers: { origin: 'http://localhost' },
    });
    expect(same.status).toBe(200);
  });
});
