import type { AgentSettings, Store } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestPrincipal } from '../app/app-env.ts';
import { createSkillRuntime, type SkillRuntime } from '../runtime/skill-runtime.ts';
import { openTestStore } from '../test-support/create-test-app.ts';
import { assertCanManage } from './assert-can-manage.ts';

let store: Store;
let runtime: SkillRuntime;
let workspaceId: string;

beforeAll(async () => {
  store = await openTestStore();
  runtime = createSkillRuntime({ store, logger: pino({ level: 'silent' }) });
  workspaceId = (await store.workspaces.create({ name: 'Manage' })).id;
});
afterAll(async () => {
  await runtime.close();
  await store.close();
});

const user = (
  role: 'owner' | 'admin' | 'member' | 'viewer',
  instanceAdmin = false,
): RequestPrincipal => ({
  kind: 'user',
  tokenId: 't',
  userId: 'u1',
  workspaceId,
  role,
  instanceAdmin,
});

async function newAgent(
  name: string,
  settings: Partial<AgentSettings> = {},
): Promise<RequestPrincipal> {
  const agent = await store.agents.create({ workspaceId, name, settings });
  return { kind: 'agent', tokenId: 't', agentId: agent.id, workspaceId };
}

const check = async (
  principal: RequestPrincipal,
  skill: Parameters<typeof assertCanManage>[0]['skill'],
) => {
  // Rules and settings change between checks: decide on a fresh policy each time.
  runtime.forgetPolicies();
  const scope = principal.kind === 'agent' ? await runtime.open(principal) : undefined;
  return assertCanManage({ store, principal, skill, ...(scope === undefined ? {} : { scope }) });
};

describe('assertCanManage', () => {
  it('lets members manage workspace skills and their own personal skills, not viewers', async () => {
    await expect(check(user('member'), { scope: 'workspace', name: 'pdf' })).resolves.toBe(
      undefined,
    );
    await expect(
      check(user('member'), { scope: 'personal', name: 'pdf', ownerUserId: 'u1' }),
    ).resolves.toBe(undefined);
    await expect(check(user('viewer'), { scope: 'workspace', name: 'pdf' })).rejects.toThrow(
      'Your role "viewer" cannot manage the skill "pdf"',
    );
    await expect(
      check(user('owner'), { scope: 'personal', name: 'pdf', ownerUserId: 'someone-else' }),
    ).rejects.toThrow('another user');
  });

  it('keeps public skills to instance admins and built-in skills read-only', async () => {
    await expect(check(user('owner'), { scope: 'public', name: 'pdf' })).rejects.toThrow(
      'Only an instance admin',
    );
    await expect(check(user('viewer', true), { scope: 'public', name: 'pdf' })).resolves.toBe(
      undefined,
    );
    await expect(check(user('owner', true), { scope: 'builtin', name: 'pdf' })).rejects.toThrow(
      'built-in skills are read-only',
    );
  });

  it('gives an agent no manage rights from rules: an allow rule on every surface grants nothing', async () => {
    const agent = await newAgent('no-role');
    if (agent.kind !== 'agent') throw new Error('agent expected');
    await store.permissions.create({
      workspaceId,
      agentId: agent.agentId,
      skill: '*',
      surface: '*',
      action: 'allow',
    });
    await expect(check(agent, { scope: 'workspace', name: 'pdf' })).rejects.toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: expect.stringContaining("This agent's role is viewer"),
      }),
    );
  });

  it('lets an agent with the member role manage, unless deny or ask applies', async () => {
    const agent = await newAgent('editor', { role: 'member' });
    if (agent.kind !== 'agent') throw new Error('agent expected');
    await expect(check(agent, { scope: 'workspace', name: 'pdf-tools' })).resolves.toBe(undefined);
    await expect(check(agent, { scope: 'public', name: 'pdf-tools' })).rejects.toThrow(
      'Agents cannot manage the public skill',
    );
    await store.permissions.create({
      workspaceId,
      skill: 'pdf-secret',
      surface: '*',
      action: 'deny',
    });
    await expect(check(agent, { scope: 'workspace', name: 'pdf-secret' })).rejects.toThrow(
      'may not manage "pdf-secret"',
    );
    await store.permissions.create({
      workspaceId,
      agentId: agent.agentId,
      skill: 'pdf-review',
      surface: 'manage',
      action: 'ask',
    });
    await expect(check(agent, { scope: 'workspace', name: 'pdf-review' })).rejects.toThrow(
      "needs a person's approval",
    );
  });

  it('caps an agent by the role of the user it acts for', async () => {
    const viewer = await store.users.create({ name: 'Viewer' });
    await store.members.add({ workspaceId, userId: viewer.id, role: 'viewer' });
    const agent = await store.agents.create({
      workspaceId,
      name: 'acting',
      actsForUserId: viewer.id,
      settings: { role: 'member' },
    });
    const principal: RequestPrincipal = {
      kind: 'agent',
      tokenId: 't',
      agentId: agent.id,
      workspaceId,
    };
    await expect(check(principal, { scope: 'workspace', name: 'pdf' })).rejects.toThrow(
      'acts for a user whose role (viewer)',
    );
    await store.members.setRole({ workspaceId, userId: viewer.id, role: 'member' });
    await expect(check(principal, { scope: 'workspace', name: 'pdf' })).resolves.toBe(undefined);
  });

  it('refuses a member agent whose skills are switched off or whose allowlist excludes the skill', async () => {
    const agent = await newAgent('limited', { role: 'member', allowlist: ['docs'] });
    if (agent.kind !== 'agent') throw new Error('agent expected');
    await expect(check(agent, { scope: 'workspace', name: 'docs' })).resolves.toBe(undefined);
    await expect(check(agent, { scope: 'workspace', name: 'pdf' })).rejects.toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
    await store.agents.update({
      workspaceId,
      id: agent.agentId,
      settings: { skillsEnabled: false },
    });
    await expect(check(agent, { scope: 'workspace', name: 'docs' })).rejects.toThrow(
      'switched off',
    );
  });
});
