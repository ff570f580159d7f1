import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { digestMcpSkillManifest } from '@skillset/mcp/test';
import { createRuntimeTestApp, type RuntimeTestApp, skillText } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A workspace names another Skillset server's /mcp as an MCP skill server in its settings; the
// remote skills join the workspace's registry as `hub:<name>` under the workspace's policy.

let hub: RuntimeTestApp;
let hubServer: ReturnType<typeof serve>;
let hubUrl: string;
let consumer: RuntimeTestApp;

beforeAll(async () => {
  hub = await createRuntimeTestApp();
  await hub.addSkill(skillText('notes', { body: 'Hub notes body.' }));
  await hub.addSkill(skillText('secret', { body: 'Hub secret body.' }));
  await hub.addSkill(
    skillText('release', {
      body: 'Tag the release.',
      frontmatter: 'context: fork\nallowed-tools: Bash(git:*)\n',
    }),
  );
  hubServer = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: hub.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  hubUrl = `http://127.0.0.1:${(hubServer.address() as AddressInfo).port}/mcp`;
  // The instance admin allows this one hub (on loopback, so internal addresses too).
  consumer = await createRuntimeTestApp({
    mcpSourcePolicy: { allowedHosts: ['127.0.0.1'], allowPrivateAddresses: true },
  });
  await consumer.addSkill(skillText('notes', { body: 'Local notes body.' }));
}, 120_000);

afterAll(async () => {
  await consumer?.[Symbol.asyncDispose]();
  await new Promise<void>((resolve) => hubServer?.close(() => resolve()));
  await hub?.[Symbol.asyncDispose]();
});

function patchSettings(token: string, settings: unknown) {
  return consumer.request('PATCH', `/api/workspaces/${consumer.owner.workspaceId}`, {
    token,
    json: { settings },
  });
}

async function invoke(message: string) {
  const response = await consumer.request('POST', '/api/skills/invoke', {
    token: consumer.owner.token,
    json: { message },
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      activations: Array<{ name: string; content: string }>;
      unknown: string[];
    },
  };
}

describe('MCP skill servers in a workspace’s settings', () => {
  it('are refused unless the instance allows the host, the address is public (or allowed), and headers only authenticate', async () => {
    await using locked = await createRuntimeTestApp();
    const patch = (server: RuntimeTestApp, mcpServers: unknown) =>
      server.request('PATCH', `/api/workspaces/${server.owner.workspaceId}`, {
        token: server.owner.token,
        json: { settings: { mcpServers } },
      });
    // A setting stored before the instance changed its mind is not called either.
    await locked.store.workspaces.update(locked.owner.workspaceId, {
      settings: { mcpServers: { hub: { url: hubUrl } } },
    });
    const stored = await locked.request('POST', '/api/skills/invoke', {
      token: locked.owner.token,
      json: { message: '/hub:notes go' },
    });
    expect(await stored.json()).toMatchObject({ activations: [], unknown: ['/hub:notes'] });
    const byDefault = await patch(locked, { hub: { url: hubUrl } });
    expect(byDefault.status).toBe(400);
    expect(await byDefault.json()).toMatchObject({
      error: {
        code: 'mcp_server_not_allowed',
        message: expect.stringContaining('SKILLSET_MCP_ALLOWED_HOSTS'),
      },
    });
    await using publicOnly = await createRuntimeTestApp({
      mcpSourcePolicy: { allowedHosts: ['127.0.0.1', 'localhost'], allowPrivateAddresses: false },
    });
    for (const url of [hubUrl, 'http://localhost:9/mcp']) {
      const internal = await patch(publicOnly, { hub: { url } });
      expect(internal.status, url).toBe(400);
      expect(JSON.stringify(await internal.json())).toContain('internal address');
    }
    const cookie = await patch(consumer, { hub: { url: hubUrl, headers: { Cookie: 'a=b' } } });
    expect(cookie.status).toBe(400);
    expect(JSON.stringify(await cookie.json())).toContain('only authentication headers');
  });

  it('are admin-only, accept only URLs, and never return or audit header values', async () => {
    const member = await consumer.addUser('member');
    expect((await patchSettings(member.token, { mcpServers: {} })).status).toBe(403);
    const stdio = await patchSettings(consumer.owner.token, {
      mcpServers: { local: { command: 'sh', args: ['-c', 'id'] } },
    });
    expect(stdio.status).toBe(400);
    const badLabel = await patchSettings(consumer.owner.token, {
      mcpServers: { 'Hub Server': { url: hubUrl } },
    });
    expect(badLabel.status).toBe(400);

    const saved = await patchSettings(consumer.owner.token, {
      mcpServers: {
        hub: { url: hubUrl, headers: { Authorization: `Bearer ${hub.owner.token}` } },
      },
    });
    expect(saved.status).toBe(200);
    const workspace = (await saved.json()) as { settings: Record<string, unknown> };
    expect(workspace.settings.mcpServers).toEqual({
      hub: { url: hubUrl, headerNames: ['Authorization'] },
    });
    const audit = await consumer.store.audit.list({ workspaceId: consumer.owner.workspaceId });
    const entry = audit.find((each) => each.action === 'workspace.update');
    expect(JSON.stringify(entry?.details)).toContain('(redacted)');
    expect(JSON.stringify(audit)).not.toContain(hub.owner.token);
  });

  it('joins the remote skills under the server label beside the local same-named skill', async () => {
    const both = await invoke('/hub:notes /notes go');
    expect(both.status).toBe(200);
    expect(both.body.activations.map((activation) => activation.name)).toEqual([
      'hub:notes',
      'notes',
    ]);
    expect(both.body.activations[0]?.content).toContain('Hub notes body.');
    expect(both.body.activations[1]?.content).toContain('Local notes body.');
  });

  it('applies the workspace policy to remote skills', async () => {
    const rule = await consumer.request('POST', '/api/permissions', {
      token: consumer.owner.token,
      json: { skill: 'hub:secret', action: 'deny' },
    });
    expect(rule.status).toBeLessThan(300);
    const denied = await invoke('/hub:secret now');
    expect(denied.body.activations).toEqual([]);
    const commands = await consumer.request('GET', '/api/skills/commands', {
      token: consumer.owner.token,
    });
    const names = ((await commands.json()) as { commands: Array<{ name: string }> }).commands.map(
      (command) => command.name,
    );
    expect(names).toContain('hub:notes');
    expect(names).not.toContain('hub:secret');
  });

  it("keeps a remote skill's allowed-tools only while an admin's approval matches its manifest", async () => {
    // What the workspace's agents get: the tools the loaded skill pre-approves.
    const allowedToolsOf = async () => {
      const skills = await consumer.runtime.skillsFor(consumer.owner.workspaceId);
      return (await skills.registry.loadSkill('hub:release')).manifest?.allowedTools;
    };
    const hubServerConfig = {
      url: hubUrl,
      headers: { Authorization: `Bearer ${hub.owner.token}` },
    };
    // Not approved: the served allowed-tools are ignored.
    expect(
      (await patchSettings(consumer.owner.token, { mcpServers: { hub: hubServerConfig } })).status,
    ).toBe(200);
    expect(await allowedToolsOf()).toBeUndefined();

    const client = new Client({ name: 'approver', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(hubUrl), {
        requestInit: { headers: hubServerConfig.headers },
      }),
    );
    const { skill } = await new SkillsClient(client).get('skill://release/SKILL.md');
    await client.close();
    const digest = digestMcpSkillManifest(skill);
    const approved = await patchSettings(consumer.owner.token, {
      mcpServers: { hub: { ...hubServerConfig, approvedAllowedTools: { release: digest } } },
    });
    expect(approved.status).toBe(200);
    expect(
      ((await approved.json()) as { settings: { mcpServers: Record<string, unknown> } }).settings
        .mcpServers.hub,
    ).toMatchObject({ approvedAllowedTools: { release: digest } });
    expect(await allowedToolsOf()).toEqual(['Bash(git:*)']);

    // An approval of other content (the manifest changed since) is void.
    const stale = `sha256:${'0'.repeat(64)}`;
    await patchSettings(consumer.owner.token, {
      mcpServers: { hub: { ...hubServerConfig, approvedAllowedTools: { release: stale } } },
    });
    expect(await allowedToolsOf()).toBeUndefined();
  });

  it('drops the remote skills when the setting is cleared', async () => {
    expect((await patchSettings(consumer.owner.token, { mcpServers: null })).status).toBe(200);
    const after = await invoke('/hub:notes go');
    expect(after.body.activations).toEqual([]);
  });
});
