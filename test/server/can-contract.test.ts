import { randomBytes } from 'node:crypto';
import { createTestApp, skillText, type TestApp, type TestPrincipal } from '@skillset/server/test';
import type { WorkspaceRole } from '@skillset/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What the server says a caller may do (`can` on /api/me, a skill and a member) must be exactly
// what it lets them do: each claim is checked by making the request as that caller.

const ROLES: WorkspaceRole[] = ['viewer', 'member', 'admin', 'owner'];

let server: TestApp;

beforeAll(async () => {
  server = await createTestApp({ secretKey: randomBytes(32).toString('base64') });
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

async function call(who: TestPrincipal, method: string, path: string, json?: unknown) {
  return server.request(method, path, {
    token: who.token,
    ...(json === undefined ? {} : { json }),
  });
}

async function canOf(who: TestPrincipal) {
  const response = await call(who, 'GET', '/api/me');
  expect(response.status).toBe(200);
  return ((await response.json()) as { can: Record<string, boolean> & { inviteRoles: string[] } })
    .can;
}

/** Whether the server let the request through: anything but 403 (a 404 or 400 is past the guard). */
async function allowed(response: Promise<Response>): Promise<boolean> {
  const status = (await response).status;
  expect(status, 'the request reached the server').not.toBe(401);
  return status !== 403;
}

/** A fresh workspace where `role` is held by a new user, beside its owner and an agent. */
async function workspaceWith(role: WorkspaceRole) {
  const owner = await server.addWorkspace(`Team of a ${role} ${Math.random()}`);
  const caller = role === 'owner' ? owner : await server.addUser(role, owner.workspaceId);
  const agent = await server.addAgent({ workspaceId: owner.workspaceId });
  return { owner, caller, agent };
}

describe("/api/me's can is what the server enforces", () => {
  it.each(ROLES)('for a %s', async (role) => {
    const { caller, agent } = await workspaceWith(role);
    const workspace = `/api/workspaces/${caller.workspaceId}`;
    const can = await canOf(caller);
    const attempts = {
      editSkills: () => call(caller, 'POST', '/api/skills', { content: skillText(`by-a-${role}`) }),
      seeProposals: () => call(caller, 'GET', '/api/proposals'),
      manageAgents: () => call(caller, 'POST', '/api/agents', { name: `agent-of-a-${role}` }),
      manageRules: () =>
        call(caller, 'POST', '/api/permissions', {
          agentId: agent.agentId,
          skill: 'deploy',
          action: 'deny',
        }),
      manageSecrets: () => call(caller, 'PUT', '/api/secrets/API_KEY', { value: 'v', skills: [] }),
      managePeople: () => call(caller, 'GET', `${workspace}/invitations`),
      manageSettings: () => call(caller, 'PATCH', workspace, { name: `Renamed by a ${role}` }),
      readAudit: () => call(caller, 'GET', '/api/audit'),
      reloadSkills: () => call(caller, 'POST', '/api/skills/reload'),
      // Last: it takes the workspace with it.
      deleteWorkspace: () => call(caller, 'DELETE', workspace),
    };
    expect(Object.keys(can).sort()).toEqual([...Object.keys(attempts), 'inviteRoles'].sort());
    for (const [ability, attempt] of Object.entries(attempts)) {
      if (ability === 'deleteWorkspace') {
        for (const invited of ROLES) {
          const response = call(caller, 'POST', `${workspace}/invitations`, {
            email: `${invited}-${role}@example.com`,
            role: invited,
            kind: 'open_link',
          });
          expect(await allowed(response), `invite as ${invited}`).toBe(
            can.inviteRoles.includes(invited),
          );
        }
      }
      expect(await allowed(attempt()), ability).toBe(can[ability]);
    }
  });

  it('tells an agent it may edit skills only with the member role', async () => {
    const viewer = await server.addAgent();
    const member = await server.addAgent({ settings: { role: 'member' } });
    for (const [agent, editSkills] of [
      [viewer, false],
      [member, true],
    ] as const) {
      const can = await canOf(agent);
      expect(can).toMatchObject({ editSkills, seeProposals: false, manageAgents: false });
      expect(can.inviteRoles).toEqual([]);
      const created = call(agent, 'POST', '/api/skills', {
        content: skillText(`by-agent-${editSkills}`),
      });
      expect(await allowed(created)).toBe(editSkills);
    }
  });
});

describe("a skill's can is what its write routes enforce", () => {
  it.each([
    ['viewer', 'off'],
    ['member', 'off'],
    ['member', 'required'],
    ['admin', 'required'],
  ] as const)('for a %s with review %s', async (role, review) => {
    const { owner, caller } = await workspaceWith(role);
    const created = await call(owner, 'POST', '/api/skills', { content: skillText('shared') });
    expect(created.status).toBe(201);
    // Review needs two people who may publish.
    await server.addUser('admin', owner.workspaceId);
    const settings = await call(owner, 'PATCH', `/api/workspaces/${owner.workspaceId}`, {
      settings: { review },
    });
    expect(settings.status).toBe(200);
    const detail = await call(caller, 'GET', '/api/skills/shared');
    const { can } = (await detail.json()) as { can: Record<string, boolean> };
    const path = '/api/skills/shared';
    expect(await allowed(call(caller, 'POST', `${path}/disable`)), 'enable').toBe(can.enable);
    const edited = call(caller, 'PUT', path, { content: skillText('shared', { body: 'New.' }) });
    expect(await allowed(edited), 'edit').toBe(can.edit);
    expect(await allowed(call(caller, 'DELETE', path)), 'delete').toBe(can.delete);
  });

  it('says no one may change a built-in skill', async () => {
    const { caller } = await workspaceWith('owner');
    const list = await call(caller, 'GET', '/api/skills?scope=builtin');
    const { items } = (await list.json()) as { items: Array<{ name: string }> };
    const name = items[0]?.name as string;
    const detail = await call(caller, 'GET', `/api/skills/${name}?scope=builtin`);
    const { can } = (await detail.json()) as { can: Record<string, boolean> };
    expect(can).toMatchObject({ edit: false, delete: false });
    const path = `/api/skills/${name}?scope=builtin`;
    expect(await allowed(call(caller, 'DELETE', path))).toBe(false);
  });
});

describe("a member's can is what the member routes enforce", () => {
  it.each(['admin', 'owner'] as const)('for an %s', async (role) => {
    const { owner, caller } = await workspaceWith(role);
    const others = await Promise.all(
      (['viewer', 'member', 'admin'] as const).map((each) =>
        server.addUser(each, owner.workspaceId),
      ),
    );
    const path = (userId: string) => `/api/workspaces/${owner.workspaceId}/members/${userId}`;
    const list = await call(caller, 'GET', `/api/workspaces/${owner.workspaceId}/members`);
    const { members } = (await list.json()) as {
      members: Array<{
        userId: string;
        role: WorkspaceRole;
        can: { changeRoleTo: WorkspaceRole[]; changeReviewer: boolean; remove: boolean };
      }>;
    };
    const targets = members.filter((member) => member.userId !== caller.userId);
    expect(targets.map((member) => member.role).sort()).toEqual(
      [...(role === 'owner' ? [] : ['owner']), 'viewer', 'member', 'admin'].sort(),
    );
    for (const member of targets) {
      // Each refused change is tried; an allowed one is tried last, so the role is still as listed.
      const refused = ROLES.filter(
        (to) => to !== member.role && !member.can.changeRoleTo.includes(to),
      );
      for (const to of refused) {
        expect(await allowed(call(caller, 'PATCH', path(member.userId), { role: to }))).toBe(false);
      }
      const review = call(caller, 'PATCH', path(member.userId), { reviewer: true });
      expect(await allowed(review), 'reviewer').toBe(member.can.changeReviewer);
      expect(await allowed(call(caller, 'DELETE', path(member.userId))), 'remove').toBe(
        member.can.remove,
      );
    }
    expect(others.length).toBe(3);
  });

  it('lets an admin give a weaker member exactly the roles it lists', async () => {
    const { owner, caller } = await workspaceWith('admin');
    const target = await server.addUser('viewer', owner.workspaceId);
    const path = `/api/workspaces/${owner.workspaceId}/members/${target.userId}`;
    const read = async () => {
      const list = await call(caller, 'GET', `/api/workspaces/${owner.workspaceId}/members`);
      const { members } = (await list.json()) as {
        members: Array<{ userId: string; can: { changeRoleTo: WorkspaceRole[] } }>;
      };
      return members.find((member) => member.userId === target.userId)?.can.changeRoleTo;
    };
    expect(await read()).toEqual(['admin', 'member']);
    for (const to of ['member', 'admin'] as const) {
      expect(await allowed(call(caller, 'PATCH', path, { role: to }))).toBe(true);
    }
    // An admin may still take another admin back down, never up to owner.
    expect(await read()).toEqual(['member', 'viewer']);
  });
});
