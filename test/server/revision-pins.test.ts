import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createRuntimeTestApp,
  type RuntimeTestApp,
  skillText,
  type TestPrincipal,
} from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 37: an agent pinned to an exact revision of a skill keeps getting that revision on every
 * surface — the API, the sync manifest, invoke and MCP — whatever is published later, until
 * someone changes the pin; and only a revision that is or was published can be pinned.
 */

const text = (marker: string) =>
  skillText('deploy', {
    description: 'Deploys the service to production. Use when asked to deploy.',
    body: `Deploy marker ${marker}.`,
  });

describe('an agent pinned to a revision', () => {
  let server: RuntimeTestApp;
  let owner: TestPrincipal;
  let pinned: TestPrincipal;
  let follower: TestPrincipal;

  async function json<Body>(response: Promise<Response>, status = 200): Promise<Body> {
    const answered = await response;
    const body = await answered.text();
    if (answered.status !== status) {
      throw new Error(`expected ${status}, got ${answered.status}: ${body}`);
    }
    return JSON.parse(body) as Body;
  }

  const publishVersion = async (marker: string, ifMatch: number) =>
    json(
      server.request('PUT', '/api/skills/deploy', {
        token: owner.token,
        json: { content: text(marker) },
        headers: { 'if-match': `"${ifMatch}"` },
      }),
    );

  const pin = (pins: Record<string, number> | null, agent = pinned) =>
    server.request('PATCH', `/api/agents/${agent.agentId}`, {
      token: owner.token,
      json: { settings: { revisionPins: pins } },
    });

  /** What the agent is served: the API body, the sync manifest's version, invoke, MCP. */
  async function served(agent: TestPrincipal) {
    const detail = await json<{ body: string; version: number }>(
      server.request('GET', '/api/skills/deploy', { token: agent.token }),
    );
    const manifest = await json<{ skills: { name: string; version: number }[] }>(
      server.request('GET', '/api/sync', { token: agent.token }),
    );
    const invoked = await (
      await server.request('POST', '/api/skills/invoke', {
        token: agent.token,
        json: { message: '/deploy now' },
      })
    ).text();
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
      fetch: async (url, init) => server.app.request(String(url), init as RequestInit),
      requestInit: { headers: { authorization: `Bearer ${agent.token}` } },
    });
    const client = new Client({ name: 'pins-test', version: '1.0.0' });
    await client.connect(transport);
    const read = await client.readResource({ uri: 'skill://deploy/SKILL.md' });
    await client.close();
    return {
      api: detail.body.trim(),
      sync: manifest.skills.find((skill) => skill.name === 'deploy')?.version,
      invoke: /marker (\w+)/.exec(invoked)?.[1],
      mcp: /marker (\w+)/.exec(JSON.stringify(read.contents))?.[1],
    };
  }

  beforeAll(async () => {
    server = await createRuntimeTestApp();
    owner = server.owner;
    await json(
      server.request('POST', '/api/skills', { token: owner.token, json: { content: text('one') } }),
      201,
    );
    await publishVersion('two', 1);
    pinned = await server.addAgent({ name: 'pinned' });
    follower = await server.addAgent({ name: 'follower' });
  }, 60_000);

  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
  });

  it('gets the pinned revision everywhere while another agent gets the published one', async () => {
    await json(pin({ deploy: 1 }));
    expect(await served(pinned)).toEqual({
      api: 'Deploy marker one.',
      sync: 1,
      invoke: 'one',
      mcp: 'one',
    });
    expect(await served(follower)).toEqual({
      api: 'Deploy marker two.',
      sync: 2,
      invoke: 'two',
      mcp: 'two',
    });
  });

  it('keeps the pin when a newer revision is published, until the pin changes', async () => {
    await publishVersion('three', 2);
    expect((await served(pinned)).api).toBe('Deploy marker one.');
    expect((await served(follower)).api).toBe('Deploy marker three.');
    await json(pin(null));
    expect(await served(pinned)).toMatchObject({ api: 'Deploy marker three.', sync: 3 });
  });

  it('refuses a pin to a revision that does not exist or a skill the workspace lacks', async () => {
    const missing = await json<{ error: { message: string } }>(pin({ deploy: 9 }), 400);
    expect(missing.error.message).toContain('never published');
    const unknown = await json<{ error: { message: string } }>(pin({ nowhere: 1 }), 400);
    expect(unknown.error.message).toContain('no such skill');
    const byAgent = await server.request('PATCH', `/api/agents/${pinned.agentId}`, {
      token: pinned.token,
      json: { settings: { revisionPins: { deploy: 1 } } },
    });
    expect(byAgent.status).toBe(403);
  });
});
