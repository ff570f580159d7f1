import { describe, expect, it } from 'vitest';
import { createRuntimeTestApp, skillText } from '../../test-support/create-runtime-test-app.ts';

const deploy = skillText('deploy', {
  description: 'Deploys the app to an environment.',
  frontmatter:
    'argument-hint: <env>\narguments:\n  - name: env\n    type: string\n    required: true\n    enum: [staging, production]\n',
  body: 'Deploy to $env now.',
});

describe('GET /api/skills/commands', () => {
  it('lists user-invocable skills with their arguments, without model-only ones', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    await server.addSkill(skillText('helper', { frontmatter: 'user-invocable: false\n' }));
    const response = await server.request('GET', '/api/skills/commands', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const { commands } = (await response.json()) as {
      commands: Array<{ name: string; argumentHint?: string; arguments: unknown[] }>;
    };
    const names = commands.map((command) => command.name);
    expect(names).toContain('deploy');
    expect(names).not.toContain('helper');
    expect(commands.find((command) => command.name === 'deploy')).toMatchObject({
      argumentHint: '<env>',
      arguments: [{ name: 'env', type: 'string', required: true }],
    });
  });

  it('hides a skill an agent is denied and answers 401 without a token', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    const agent = await server.addAgent({ name: 'bot' });
    await server.store.permissions.create({
      workspaceId: server.owner.workspaceId,
      agentId: agent.agentId as string,
      skill: 'deploy',
      action: 'deny',
    });
    const denied = await server.request('GET', '/api/skills/commands', { token: agent.token });
    const { commands } = (await denied.json()) as { commands: Array<{ name: string }> };
    expect(commands.map((command) => command.name)).not.toContain('deploy');
    expect((await server.request('GET', '/api/skills/commands')).status).toBe(401);
  });
});

describe('GET /api/skills/prompt', () => {
  it('renders the catalog as JSON and as text, in markdown and xml', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    const response = await server.request('GET', '/api/skills/prompt', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      text: string;
      entries: Array<{ name: string }>;
      omitted: number;
      tokens: number;
    };
    expect(body.entries.map((entry) => entry.name)).toContain('deploy');
    expect(body.text).toContain('deploy');
    expect(body.tokens).toBeGreaterThan(0);
    const text = await server.request('GET', '/api/skills/prompt?format=xml', {
      token: server.owner.token,
      headers: { accept: 'text/plain' },
    });
    expect(text.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await text.text()).toContain('<available_skills>');
  });

  it('ranks with the shipped synonyms: a photo request finds the picture skill', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(skillText('chart-maker', { description: 'Draws bar charts from CSV.' }));
    await server.addSkill(skillText('thumbnailer', { description: 'Shrinks a picture.' }));
    const response = await server.request(
      'GET',
      '/api/skills/prompt?mode=ranked&query=a%20smaller%20photo%20please',
      { token: server.owner.token },
    );
    const { entries } = (await response.json()) as { entries: Array<{ name: string }> };
    expect(entries.map((entry) => entry.name).slice(0, 2)).toEqual(['thumbnailer', 'chart-maker']);
  });

  it('uses the workspace’s catalog budget when the caller has no agent budget', async () => {
    await using server = await createRuntimeTestApp();
    for (let index = 0; index < 40; index += 1) {
      await server.addSkill(skillText(`skill-${index}`, { description: 'x '.repeat(100) }));
    }
    const setBudget = (catalogBudget: number | null) =>
      server.request('PATCH', `/api/workspaces/${server.owner.workspaceId}`, {
        token: server.owner.token,
        json: { settings: { catalogBudget } },
      });
    const promptTokens = async () => {
      const response = await server.request('GET', '/api/skills/prompt', {
        token: server.owner.token,
      });
      return ((await response.json()) as { tokens: number }).tokens;
    };
    const tight = await setBudget(150);
    expect(await tight.json()).toMatchObject({ settings: { catalogBudget: 150 } });
    expect(await promptTokens()).toBeLessThanOrEqual(150);
    const cleared = await setBudget(null);
    expect((await cleared.json()) as object).not.toHaveProperty('settings.catalogBudget');
    expect(await promptTokens()).toBeGreaterThan(150);
    expect((await setBudget(0)).status).toBe(400);
  });

  it('uses the named agent’s policy and budget, and refuses unknown agents and parameters', async () => {
    await using server = await createRuntimeTestApp();
    for (let index = 0; index < 40; index += 1) {
      await server.addSkill(skillText(`skill-${index}`, { description: 'x '.repeat(100) }));
    }
    await server.addAgent({
      name: 'tight',
      settings: { catalogBudget: 100, allowlist: ['skill-*'] },
    });
    const response = await server.request('GET', '/api/skills/prompt?agent=tight', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { tokens: number; entries: Array<{ name: string }> };
    expect(body.tokens).toBeLessThanOrEqual(100);
    expect(body.entries.every((entry) => entry.name.startsWith('skill-'))).toBe(true);
    const unknown = await server.request('GET', '/api/skills/prompt?agent=nobody', {
      token: server.owner.token,
    });
    expect(unknown.status).toBe(404);
    const extra = await server.request('GET', '/api/skills/prompt?colour=blue', {
      token: server.owner.token,
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const badBudget = await server.request('GET', '/api/skills/prompt?budget=-1', {
      token: server.owner.token,
    });
    expect(badBudget.status).toBe(400);
  });

  it('lets an agent token act only as itself and hides its denied skills', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    const agent = await server.addAgent({ name: 'bot' });
    await server.addAgent({ name: 'other' });
    await server.store.permissions.create({
      workspaceId: server.owner.workspaceId,
      agentId: agent.agentId as string,
      skill: 'dep*',
      surface: 'model',
      action: 'deny',
    });
    const own = await server.request('GET', '/api/skills/prompt', { token: agent.token });
    const { entries } = (await own.json()) as { entries: Array<{ name: string }> };
    expect(entries.map((entry) => entry.name)).not.toContain('deploy');
    const owner = await server.request('GET', '/api/skills/prompt', { token: server.owner.token });
    expect(((await owner.json()) as { text: string }).text).toContain('deploy');
    const other = await server.request('GET', '/api/skills/prompt?agent=other', {
      token: agent.token,
    });
    expect(other.status).toBe(403);
  });

  it('shows a skill created after the first request (the change feed refreshes the registry)', async () => {
    await using server = await createRuntimeTestApp();
    const read = async () =>
      (
        (await (
          await server.request('GET', '/api/skills/prompt', { token: server.owner.token })
        ).json()) as { text: string }
      ).text;
    expect(await read()).not.toContain('late-skill');
    await server.addSkill(skillText('late-skill'));
    await expect.poll(read, { timeout: 5000 }).toContain('late-skill');
  });
});

describe('POST /api/skills/invoke', () => {
  it('activates /name with its arguments and passes unknown names on', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    const response = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/deploy staging' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      activations: Array<{ name: string; context: string; content: string; version: number }>;
      message: string;
      unknown: string[];
    };
    expect(body.activations).toHaveLength(1);
    expect(body.activations[0]).toMatchObject({ name: 'deploy', context: 'inline', version: 1 });
    expect(body.activations[0]?.content).toContain('Deploy to staging now.');
    expect(body.message).toBe('staging');
    const unknown = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/nothing here' },
    });
    expect(await unknown.json()).toEqual({
      activations: [],
      message: '/nothing here',
      unknown: ['/nothing'],
    });
  });

  it('activates the new version after an update, although loads are cached between calls', async () => {
    await using server = await createRuntimeTestApp();
    const { id } = await server.addSkill(deploy);
    const invokeDeploy = async () => {
      const response = await server.request('POST', '/api/skills/invoke', {
        token: server.owner.token,
        json: { message: '/deploy production' },
      });
      return (
        (await response.json()) as { activations: Array<{ content: string; version: number }> }
      ).activations[0];
    };
    expect(await invokeDeploy()).toMatchObject({ version: 1 });
    expect((await invokeDeploy())?.content).toContain('Deploy to production now.');
    const updated = await server.store.skills.update({
      workspaceId: server.owner.workspaceId,
      id,
      expectedVersion: 1,
      skillMd: deploy.replace('Deploy to $env now.', 'Ship it to $env.'),
    });
    expect(updated.ok).toBe(true);
    await expect.poll(invokeDeploy, { timeout: 5000 }).toMatchObject({ version: 2 });
    const latest = await invokeDeploy();
    expect(latest?.content).toContain('Ship it to production.');
    expect(latest?.content).not.toContain('Deploy to');
  });

  it('answers argument errors with 400, the code and the usage line', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    const missing = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/deploy' },
    });
    expect(missing.status).toBe(400);
    const error = ((await missing.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('missing_argument');
    expect(error.message).toContain('Usage: /deploy');
    const quote = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/deploy "staging' },
    });
    expect(quote.status).toBe(400);
    expect(await quote.json()).toMatchObject({ error: { code: 'unterminated_quote' } });
    const invalid = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: 1, extra: true },
    });
    expect(invalid.status).toBe(400);
  });

  it('treats a denied skill as unknown and notes a skill already active in a session', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(deploy);
    await server.addSkill(skillText('notes'));
    const agent = await server.addAgent({ name: 'bot' });
    await server.store.permissions.create({
      workspaceId: server.owner.workspaceId,
      agentId: agent.agentId as string,
      skill: 'deploy',
      action: 'deny',
    });
    const denied = await server.request('POST', '/api/skills/invoke', {
      token: agent.token,
      json: { message: '/deploy staging' },
    });
    expect(await denied.json()).toMatchObject({ activations: [], unknown: ['/deploy'] });
    const invokeNotes = async () =>
      (await (
        await server.request('POST', '/api/skills/invoke', {
          token: agent.token,
          json: { message: '/notes', sessionId: 'conversation-1' },
        })
      ).json()) as { activations: Array<{ content: string }> };
    const first = await invokeNotes();
    const second = await invokeNotes();
    expect(first.activations[0]?.content).toContain('Do the notes thing.');
    expect(second.activations[0]?.content).not.toContain('Do the notes thing.');
  });
});

describe('POST /api/skills/reload', () => {
  it('lets admins and agents reload, and refuses viewers', async () => {
    await using server = await createRuntimeTestApp();
    const viewer = await server.addUser('viewer');
    const agent = await server.addAgent();
    expect(
      (await server.request('POST', '/api/skills/reload', { token: viewer.token })).status,
    ).toBe(403);
    for (const token of [server.owner.token, agent.token]) {
      const response = await server.request('POST', '/api/skills/reload', { token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
  });
});
