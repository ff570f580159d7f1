import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { openStore, type Store } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillText } from './skills-test-support.ts';

// Each registry here holds three small skills: about 22 KB by the runtime's estimate, so the
// budget holds a handful of the twelve workspaces.
const BUDGET_BYTES = 110 * 1024;
const WORKSPACES = 12;

interface Tenant {
  id: string;
  token: string;
}

let store: Store;
let runtime: SkillRuntime;
let app: ReturnType<typeof createApp>;
const tenants: Tenant[] = [];
// Rule lookups per workspace: a policy resolved again reads them again.
const ruleReads = new Map<string, number>();
const clients: Client[] = [];

async function catalogNames(tenant: Tenant): Promise<string[]> {
  const response = await app.request('/api/skills/prompt', {
    headers: { Authorization: `Bearer ${tenant.token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { entries: { name: string }[] };
  return body.entries.map((entry) => entry.name).sort();
}

function connectMcp(tenant: Tenant) {
  const transport = new StreamableHTTPClientTransport(new URL('http://skillset.test/mcp'), {
    fetch: async (url, init) => app.request(String(url), init as RequestInit),
    requestInit: { headers: { Authorization: `Bearer ${tenant.token}` } },
  });
  const client = new Client({ name: 'budget-test', version: '1.0.0' });
  clients.push(client);
  return client.connect(transport).then(() => client);
}

beforeAll(async () => {
  const opened = await openStore({ dataDir: 'memory://', migrate: true });
  const permissions: Store['permissions'] = Object.create(opened.permissions);
  permissions.policyRules = (options) => {
    ruleReads.set(options.workspaceId, (ruleReads.get(options.workspaceId) ?? 0) + 1);
    return opened.permissions.policyRules(options);
  };
  store = Object.create(opened, { permissions: { value: permissions } }) as Store;
  for (let index = 0; index < WORKSPACES; index += 1) {
    const workspace = await store.workspaces.create({ name: `Team ${index}` });
    await store.skills.createMany(
      ['alpha', 'beta', 'gamma'].map((name) => ({
        scope: 'workspace' as const,
        workspaceId: workspace.id,
        skillMd: skillText(`${name}-${index}`, `Helps team ${index} with ${name}.`),
      })),
    );
    const agent = await store.agents.create({ workspaceId: workspace.id, name: 'bot' });
    const { token } = await store.tokens.create({
      name: 'bot',
      principal: { kind: 'agent', agentId: agent.id, workspaceId: workspace.id },
    });
    tenants.push({ id: workspace.id, token });
  }
  const logger = pino({ level: 'silent' });
  runtime = createSkillRuntime({
    store,
    logger,
    registryBudgetBytes: BUDGET_BYTES,
    cacheTtlMs: 600_000,
  });
  app = createApp({ store, logger, maxBodyBytes: 1024 * 1024, runtime });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await runtime?.close();
  await store?.close();
});

describe('workspace registries under a memory budget', () => {
  it('keeps the estimated bytes within the budget while every workspace is served', async () => {
    for (const [index, tenant] of tenants.entries()) {
      expect(await catalogNames(tenant)).toEqual([
        `alpha-${index}`,
        `beta-${index}`,
        `gamma-${index}`,
      ]);
      expect(runtime.registryUsage().bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    }
    const usage = runtime.registryUsage();
    expect(usage.registries).toBeGreaterThan(1);
    expect(usage.registries).toBeLessThan(WORKSPACES);
  });

  it('loads a dropped workspace again with what changed while it was out', async () => {
    const [first] = tenants as [Tenant];
    await store.skills.createMany([
      { scope: 'workspace', workspaceId: first.id, skillMd: skillText('delta-0') },
    ]);
    await runtime.settle();
    expect(await catalogNames(first)).toEqual(['alpha-0', 'beta-0', 'delta-0', 'gamma-0']);
  });

  it('ends the MCP sessions of a dropped registry, and a new session sees the workspace', async () => {
    const [first] = tenants as [Tenant];
    const client = await connectMcp(first);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toContain('alpha-0');
    for (const tenant of tenants.slice(1)) await catalogNames(tenant);
    await expect(client.listPrompts()).rejects.toThrow(/404|session/i);
    const again = await connectMcp(first);
    expect((await again.listPrompts()).prompts.map((prompt) => prompt.name)).toContain('delta-0');
  });
});

describe('an access change clears only what it concerns', () => {
  it('resolves again the policies of the changed workspace, not of the others', async () => {
    const [changed, other] = tenants as [Tenant, Tenant];
    await catalogNames(changed);
    await catalogNames(other);
    const before = new Map(ruleReads);
    await store.permissions.create({
      workspaceId: changed.id,
      skill: 'alpha-0',
      action: 'deny',
    });
    await runtime.settle();
    expect(await catalogNames(changed)).toEqual(['beta-0', 'delta-0', 'gamma-0']);
    await catalogNames(other);
    expect(ruleReads.get(changed.id)).toBe((before.get(changed.id) ?? 0) + 1);
    expect(ruleReads.get(other.id)).toBe(before.get(other.id));
  });
});
