import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Authentication on every route, discovered from the app's own OpenAPI document (a new route is
 * covered the day it is registered): without credentials every route but the public allowlist
 * answers 401; with workspace A's owner token, a route naming workspace B's resources (or sent
 * with B in `skillset-workspace`) answers 403 or 404, and no answer carries B's data.
 */

/** Routes that answer without credentials, each for a reason (decisions 0044, 0060). */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'POST /api/session', // sign-in with a one-time code
  'DELETE /api/session', // sign-out clears a cookie; it needs none
  'GET /api/session/methods', // the sign-in page asks how one can sign in
  'POST /api/session/email', // asks for a mailed link; the same answer for any address
  'GET /api/invitations/{code}', // an invitation link shows who invites before accepting
  'POST /api/invitations/{code}/accept', // accepting needs a code, a session or a new name
  'GET /api/openapi.json',
]);

/** Routes about the caller in every workspace, not in the one a header names. */
const ACROSS_WORKSPACES = new Set(['GET /api/me/invitations']);

/** Routes outside the OpenAPI document that must be covered too. */
const EXTRA_ROUTES = [
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'POST', path: '/mcp' },
  { method: 'GET', path: '/mcp' },
  { method: 'DELETE', path: '/mcp' },
];

const SKILL_MD = (name: string) =>
  `---\nname: ${name}\ndescription: Workspace B's private skill, marker zq9-beta-marker.\n---\n\nSecret body zq9-beta-body.\n`;

interface Route {
  method: string;
  path: string;
}

let server: TestApp;
let routes: Route[];
let values: Record<string, string>;
/**
 * Strings only workspace B's data contains: none may appear in an answer to workspace A unless
 * the request itself sent it (a 404 may echo the id it did not find).
 */
let markersOfB: string[];

/** Fills `{param}` with workspace B's resource of that kind. */
function fill(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (path.startsWith('/api/workspaces/') && name === 'id') return values.workspaceB as string;
    if (path.startsWith('/api/agents/')) return values.agentB as string;
    if (path.startsWith('/api/tokens/')) return values.tokenB as string;
    if (path.startsWith('/api/permissions/')) return values.ruleB as string;
    if (path.startsWith('/api/secrets/')) return values.secretB as string;
    if (path.startsWith('/api/chat/approvals/')) return values.agentB as string;
    if (path.startsWith('/api/me/invitations/')) return values.invitationId as string;
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return value;
  });
}

const TAKEOVER_MD = '---\nname: beta-secret\ndescription: Taken over.\n---\nOverwritten.\n';

/**
 * Valid bodies (so a refusal is the tenancy check, not validation), naming B's resources where
 * the route takes them in the body; those routes must refuse like the ones naming B in the path.
 */
function bodyFor(route: Route): { json?: unknown; namesB?: true } {
  switch (`${route.method} ${route.path}`) {
    case 'PATCH /api/workspaces/{id}':
    case 'PATCH /api/agents/{id}':
      return { json: { name: 'taken-over' } };
    case 'POST /api/workspaces/{id}/members/{userId}/sign-in-link':
      return { json: { delivery: 'link' } };
    case 'PATCH /api/me':
      return { json: { defaultWorkspaceId: values.workspaceB }, namesB: true };
    case 'PATCH /api/workspaces/{id}/members/{userId}':
      return { json: { role: 'viewer' } };
    case 'POST /api/workspaces/{id}/invitations':
      return { json: { email: 'intruder@example.com', role: 'owner', kind: 'open_link' } };
    case 'PATCH /api/skills/{name}':
      return { json: { description: 'Taken over.' } };
    case 'PUT /api/skills/{name}':
      return { json: { content: TAKEOVER_MD } };
    case 'PUT /api/secrets/{name}':
      // Without a value only an existing secret is rebound: B's name is unknown in A.
      return { json: { skills: ['alpha-own'] } };
    case 'POST /api/secrets/{name}/approvals':
      return { json: { skill: 'beta-secret' } };
    case 'POST /api/skills/{name}/versions/{version}/publish':
      return { json: { hash: 'b'.repeat(64) } };
    case 'POST /api/skills/{name}/versions/{version}/reject':
      return { json: { hash: 'b'.repeat(64), note: 'Taken over.' } };
    case 'POST /api/chat/approvals/{id}':
      return { json: { approved: true } };
    case 'POST /api/tokens':
      return { json: { name: 'stolen', agentId: values.agentB }, namesB: true };
    case 'POST /api/skills/invoke':
      return { json: { agent: values.agentB, message: '/beta-secret' }, namesB: true };
    case 'POST /api/permissions':
      return { json: { agentId: values.agentB, skill: '*', action: 'deny' }, namesB: true };
    case 'PUT /api/permissions':
      return { json: { agentId: values.agentB, rules: [] }, namesB: true };
    case 'POST /api/skills':
    case 'POST /api/skills/validate':
      // A's own new skill: it must not land in B, nor take B's name from A's point of view.
      return { json: { content: TAKEOVER_MD.replace('beta-secret', 'alpha-own') } };
    default:
      return route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} };
  }
}

async function send(route: Route, options: { token?: string; headers?: Record<string, string> }) {
  const { json } = bodyFor(route);
  const response = await server.request(route.method, fill(route.path), {
    ...(options.token === undefined ? {} : { token: options.token }),
    headers: { 'if-match': '"1"', ...options.headers },
    ...(json === undefined ? {} : { json }),
  });
  // An event stream that was (wrongly) opened would never end: read only what is there.
  let text = '';
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel();
  } else {
    text = await response.text();
  }
  return { status: response.status, text };
}

const label = (route: Route, who: string) => `${who}: ${route.method} ${route.path}`;

beforeAll(async () => {
  server = await createTestApp({ secretKey: randomBytes(32).toString('base64') });
  const { store } = server;
  const document = (await (await server.request('GET', '/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = [
    ...Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    ),
    ...EXTRA_ROUTES,
  ];
  const ownerB = await server.addWorkspace('Beta zq9-beta-workspace');
  const agentB = await server.addAgent({ workspaceId: ownerB.workspaceId, name: 'zq9-agent-b' });
  const [tokenB] = await store.tokens.list({ principalId: ownerB.userId as string });
  const rule = await store.permissions.create({
    workspaceId: ownerB.workspaceId,
    skill: 'zq9-rule-b',
    action: 'deny',
  });
  const skill = await store.skills.create({
    scope: 'workspace',
    workspaceId: ownerB.workspaceId,
    skillMd: SKILL_MD('beta-secret'),
  });
  if (!skill.ok) throw new Error('could not create the skill of workspace B');
  await store.secrets.set({
    workspaceId: ownerB.workspaceId,
    name: 'ZQ9_BETA_TOKEN',
    value: 'zq9-beta-secret-value',
    skills: ['beta-secret'],
  });
  const invitation = await server.request(
    'POST',
    `/api/workspaces/${ownerB.workspaceId}/invitations`,
    {
      token: ownerB.token,
      json: { email: 'zq9-beta@example.com', role: 'member', kind: 'open_link' },
    },
  );
  const created = (await invitation.json()) as { invitation: { id: string }; code: string };
  const invitationId = created.invitation.id;
  const code = created.code;
  values = {
    workspaceB: ownerB.workspaceId,
    userA: server.owner.userId as string,
    userId: ownerB.userId as string,
    agentB: agentB.agentId as string,
    tokenB: tokenB?.id as string,
    ruleB: rule.id,
    secretB: 'ZQ9_BETA_TOKEN',
    name: 'beta-secret',
    version: '1',
    path: 'SKILL.md',
    invitationId,
    code,
  };
  markersOfB = [
    'zq9-beta',
    'zq9-agent-b',
    'zq9-rule-b',
    'ZQ9_BETA_TOKEN',
    ownerB.workspaceId,
    agentB.agentId as string,
    tokenB?.id as string,
    invitationId,
    ownerB.token,
    agentB.token,
  ];
}, 60_000);

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

describe('authentication on every route of the OpenAPI document', () => {
  it('finds the routes and an allowlist that names only real routes', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const name of PUBLIC_ROUTES) expect(names, name).toContain(name);
  });

  it('answers 401 without credentials on every route outside the allowlist', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.path}`)) continue;
      const { status, text } = await send(route, {});
      expect(status, label(route, 'anonymous')).toBe(401);
      for (const marker of markersOfB)
        expect(text, label(route, 'anonymous')).not.toContain(marker);
      checked.push(route.path);
    }
    expect(checked.length).toBe(routes.length - PUBLIC_ROUTES.size);
  });

  it("answers 401 to a made-up token and to another instance's token format", async () => {
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.path}`)) continue;
      for (const token of ['sk_not_a_real_token', `${server.owner.token}x`]) {
        const { status } = await send(route, { token });
        expect(status, label(route, 'bad token')).toBe(401);
      }
    }
  });

  it("never answers workspace A's owner with workspace B's data", async () => {
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.path}`)) continue;
      const namesB = route.path.includes('{') || bodyFor(route).namesB === true;
      // A route naming B's resource is refused; a route naming none is tried both plainly (it
      // then works on A's own data) and with B in the workspace header (refused), unless it is
      // about the caller across workspaces (it leaks nothing of B all the same).
      const attempts =
        namesB || ACROSS_WORKSPACES.has(`${route.method} ${route.path}`)
          ? [{ who: 'owner of A', headers: {} }]
          : [
              { who: 'owner of A', headers: {} },
              { who: 'owner of A as B', headers: { 'skillset-workspace': values.workspaceB } },
            ];
      for (const attempt of attempts) {
        const { status, text } = await send(route, {
          token: server.owner.token,
          headers: attempt.headers as Record<string, string>,
        });
        if (namesB || attempt.who.endsWith('as B')) {
          expect([403, 404], `${label(route, attempt.who)} → ${status} ${text}`).toContain(status);
        }
        const sent = `${fill(route.path)} ${JSON.stringify(bodyFor(route).json)}`;
        for (const marker of markersOfB.filter((candidate) => !sent.includes(candidate))) {
          expect(text, `${label(route, attempt.who)} leaks ${marker}`).not.toContain(marker);
        }
      }
    }
    const skill = await server.store.skills.getByName({
      scope: 'workspace',
      workspaceId: values.workspaceB as string,
      name: 'beta-secret',
    });
    expect(skill?.currentVersion).toBe(1);
    expect((await server.store.workspaces.get(values.workspaceB as string))?.name).toBe(
      'Beta zq9-beta-workspace',
    );
    const revision = await server.store.secrets.revisionOf(
      values.workspaceB as string,
      'beta-secret',
    );
    expect(revision?.version).toBe(1);
    const given = await server.store.secrets.valuesFor({
      workspaceId: values.workspaceB as string,
      skillName: 'beta-secret',
      names: ['ZQ9_BETA_TOKEN'],
      revision: revision ?? { skillId: '', version: 0, digest: '' },
    });
    expect(given.values).toEqual({ ZQ9_BETA_TOKEN: 'zq9-beta-secret-value' });
    expect(
      (
        await server.store.audit.list({
          workspaceId: values.workspaceB as string,
          action: 'secret.approve',
        })
      ).length,
    ).toBe(0);
  });
});
