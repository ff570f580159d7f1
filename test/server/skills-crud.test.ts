import { createTestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { countRows, createSkill, skillText } from './skills-test-support.ts';

interface Detail {
  name: string;
  scope: string;
  version: number;
  content: string;
  body: string;
  enabled: boolean;
  tags: string[];
  manifest: Record<string, unknown>;
  eligibility: { eligible: boolean; missing: Record<string, string[]> };
  shadows: Array<{ scope: string }>;
  shadowedBy?: string;
  agents: Array<{ id: string; name: string }>;
  issues: Array<{ code: string; severity: string }>;
}

interface ErrorBody {
  error: { code: string; message: string; issues?: Array<Record<string, unknown>> };
}

describe('POST /api/skills', () => {
  it('creates a workspace skill from SKILL.md text, answers 201 with the detail and an ETag, and audits it', async () => {
    await using server = await createTestApp();
    const response = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: skillText('review-pr', 'Review a pull request.', 'Read the diff.\n') },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"1"');
    const detail = (await response.json()) as Detail;
    expect(detail).toMatchObject({
      name: 'review-pr',
      scope: 'workspace',
      version: 1,
      enabled: true,
      body: 'Read the diff.\n',
      manifest: { name: 'review-pr', description: 'Review a pull request.' },
    });
    const audit = await server.store.audit.list({ workspaceId: server.owner.workspaceId });
    expect(audit.map((entry) => [entry.action, entry.actor?.id])).toContainEqual([
      'skill.create',
      server.owner.userId,
    ]);
  });

  it('creates a skill from the same snake_case fields as create_skill', async () => {
    await using server = await createTestApp();
    const response = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: {
        name: 'deploy',
        description: 'Deploy the app.',
        body: 'Run the deploy.',
        tags: ['ops', 'release'],
        category: 'operations',
        argument_hint: '<env>',
        arguments: [{ name: 'env', required: true }],
        requires: { env: ['DEPLOY_TOKEN'] },
      },
    });
    expect(response.status).toBe(201);
    const detail = (await response.json()) as Detail;
    expect(detail.tags).toEqual(['ops', 'release']);
    expect(detail.content).toContain('argument-hint: <env>');
    expect(detail.body).toBe('Run the deploy.\n');
    expect(detail.manifest).toMatchObject({ category: 'operations', argumentHint: '<env>' });
  });

  it('refuses an invalid SKILL.md with 400 and every issue with its position, writing nothing', async () => {
    await using server = await createTestApp();
    const before = await countRows(server);
    const response = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: '---\nname: Bad_Name\n---\nBody\n' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_skill');
    const codes = body.error.issues?.map((issue) => issue.code);
    expect(codes).toEqual(expect.arrayContaining(['missing_description']));
    for (const issue of body.error.issues ?? []) {
      expect(issue).toEqual(
        expect.objectContaining({
          code: expect.any(String),
          severity: expect.any(String),
          message: expect.any(String),
        }),
      );
    }
    expect(body.error.issues?.some((issue) => typeof issue.line === 'number')).toBe(true);
    expect(await countRows(server)).toEqual(before);
  });

  it('answers 409 skill_exists for a name taken in the scope', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('twice'));
    const response = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: skillText('twice') },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.code).toBe('skill_exists');
  });

  it('refuses unknown fields, content mixed with fields, and missing name/description with 400', async () => {
    await using server = await createTestApp();
    for (const json of [
      { content: skillText('a'), colour: 'red' },
      { content: skillText('a'), name: 'a' },
      { description: 'No name.' },
      { content: 42 },
      { content: skillText('a'), scope: 'builtin' },
    ]) {
      const response = await server.request('POST', '/api/skills', {
        token: server.owner.token,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('invalid_request');
    }
  });

  it('lets members create workspace and personal skills, refuses viewers, and keeps public for instance admins', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const member = await server.addUser('member');
    const viewerResponse = await server.request('POST', '/api/skills', {
      token: viewer.token,
      json: { content: skillText('from-viewer') },
    });
    expect(viewerResponse.status).toBe(403);
    expect(((await viewerResponse.json()) as ErrorBody).error.code).toBe('forbidden');
    expect(
      (await createSkill(server, skillText('from-member'), { token: member.token })).scope,
    ).toBe('workspace');
    const personal = await createSkill(server, skillText('mine'), {
      token: member.token,
      scope: 'personal',
    });
    expect(personal.scope).toBe('personal');
    const memberPublic = await server.request('POST', '/api/skills', {
      token: member.token,
      json: { content: skillText('shared'), scope: 'public' },
    });
    expect(memberPublic.status).toBe(403);
    const adminPublic = await createSkill(server, skillText('shared'), { scope: 'public' });
    expect(adminPublic.scope).toBe('public');
    const other = await server.addWorkspace('Other');
    const seen = await server.request('GET', '/api/skills/shared', { token: other.token });
    expect(seen.status).toBe(200);
  });
});

describe('GET /api/skills', () => {
  it('filters by scope, source, enabled, tag, category and q, and pages with a cursor', async () => {
    await using server = await createTestApp();
    await createSkill(
      server,
      '---\nname: alpha\ndescription: First one.\ntags: [ops]\ncategory: infra\n---\nDeploy servers.\n',
    );
    await createSkill(
      server,
      '---\nname: beta\ndescription: Second one.\ntags: [docs]\n---\nWrite docs.\n',
    );
    await createSkill(server, skillText('gamma'));
    await server.request('POST', '/api/skills/gamma/disable', { token: server.owner.token });
    const list = async (query: string) => {
      const response = await server.request('GET', `/api/skills${query}`, {
        token: server.owner.token,
      });
      expect(response.status, query).toBe(200);
      return (await response.json()) as {
        items: Array<{ name: string; scope: string; enabled: boolean; eligible: boolean }>;
        total: number;
        nextCursor?: string;
      };
    };
    const all = await list('');
    expect(all.items.map((item) => item.name)).toEqual(['alpha', 'beta', 'create-skill', 'gamma']);
    expect((await list('?scope=workspace')).total).toBe(3);
    expect((await list('?scope=builtin,workspace')).total).toBe(4);
    expect((await list('?source=builtin')).items.map((item) => item.name)).toEqual([
      'create-skill',
    ]);
    expect((await list('?enabled=false')).items.map((item) => item.name)).toEqual(['gamma']);
    expect((await list('?tag=OPS')).items.map((item) => item.name)).toEqual(['alpha']);
    expect((await list('?category=infra')).items.map((item) => item.name)).toEqual(['alpha']);
    expect((await list('?q=write%20docs')).items[0]?.name).toBe('beta');
    const first = await list('?limit=2');
    expect(first.items.map((item) => item.name)).toEqual(['alpha', 'beta']);
    expect(first.total).toBe(4);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.name)).toEqual(['create-skill', 'gamma']);
    expect(second.nextCursor).toBeUndefined();
    expect((await list('?limit=2&offset=3')).items.map((item) => item.name)).toEqual(['gamma']);
  });

  it('computes eligible from requires against the server environment and filters on it', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('runs-here'));
    await createSkill(
      server,
      '---\nname: needs-secret\ndescription: Needs a secret.\nrequires:\n  env: [SKILLSET_TEST_NEVER_SET_VARIABLE]\n---\nBody\n',
    );
    const response = await server.request('GET', '/api/skills?eligible=false', {
      token: server.owner.token,
    });
    const body = (await response.json()) as {
      items: Array<{ name: string; eligible: boolean }>;
      total: number;
    };
    expect(body.items).toEqual([
      expect.objectContaining({ name: 'needs-secret', eligible: false }),
    ]);
    expect(body.total).toBe(1);
    const eligible = await server.request('GET', '/api/skills?eligible=true&limit=1', {
      token: server.owner.token,
    });
    const page = (await eligible.json()) as {
      items: Array<{ name: string }>;
      total: number;
      nextCursor?: string;
    };
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.name)).toEqual(['create-skill']);
    const next = await server.request(
      'GET',
      `/api/skills?eligible=true&limit=1&cursor=${page.nextCursor}`,
      {
        token: server.owner.token,
      },
    );
    expect(
      ((await next.json()) as { items: Array<{ name: string }> }).items.map((item) => item.name),
    ).toEqual(['runs-here']);
  });

  it('marks a shadowed skill with the winning scope', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('create-skill', 'Our own way to create skills.'));
    const response = await server.request('GET', '/api/skills?q=create', {
      token: server.owner.token,
    });
    const body = (await response.json()) as {
      items: Array<{ name: string; scope: string; shadowedBy?: string }>;
    };
    const byScope = new Map(body.items.map((item) => [item.scope, item]));
    expect(body.items).toHaveLength(2);
    expect(byScope.get('builtin')).toMatchObject({ name: 'create-skill', shadowedBy: 'workspace' });
    expect(byScope.get('workspace')).toMatchObject({ name: 'create-skill' });
    expect(byScope.get('workspace')?.shadowedBy).toBeUndefined();
  });

  it('answers bad filters with 400', async () => {
    await using server = await createTestApp();
    for (const query of [
      '?scope=project',
      '?enabled=maybe',
      '?limit=0',
      '?cursor=nonsense',
      '?eligible=true&cursor=nope',
    ]) {
      const response = await server.request('GET', `/api/skills${query}`, {
        token: server.owner.token,
      });
      expect(response.status, query).toBe(400);
    }
  });

  it('shows personal skills only to their owner, and to an agent acting for them that includes personal skills', async () => {
    await using server = await createTestApp();
    const member = await server.addUser('member');
    await createSkill(server, skillText('private-notes'), {
      token: member.token,
      scope: 'personal',
    });
    const names = async (token: string) => {
      const response = await server.request('GET', '/api/skills', { token });
      return ((await response.json()) as { items: Array<{ name: string }> }).items.map(
        (item) => item.name,
      );
    };
    expect(await names(member.token)).toContain('private-notes');
    expect(await names(server.owner.token)).not.toContain('private-notes');
    const plain = await server.addAgent();
    await server.store.agents.update({
      workspaceId: server.owner.workspaceId,
      id: plain.agentId as string,
      actsForUserId: member.userId as string,
    });
    expect(await names(plain.token)).not.toContain('private-notes');
    const including = await server.addAgent({ settings: { includePersonal: true } });
    await server.store.agents.update({
      workspaceId: server.owner.workspaceId,
      id: including.agentId as string,
      actsForUserId: member.userId as string,
    });
    expect(await names(including.token)).toContain('private-notes');
  });
});

describe('GET /api/skills/{name}', () => {
  it('returns eligibility with what is missing, files, agents that reference it, warnings and an ETag', async () => {
    await using server = await createTestApp();
    await createSkill(
      server,
      `---\nname: needs-things\ndescription: Needs things.\nrequires:\n  env: [SKILLSET_TEST_NEVER_SET_VARIABLE]\n  bins: [skillset-no-such-binary]\n  os: [${process.platform === 'win32' ? 'linux' : 'win32'}]\nunknown-field: 1\n---\nBody\n`,
    );
    await server.addAgent({ name: 'builder', settings: { skills: ['needs-things'] } });
    const response = await server.request('GET', '/api/skills/needs-things', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    const detail = (await response.json()) as Detail;
    expect(detail.eligibility).toEqual({
      eligible: false,
      missing: {
        bins: ['skillset-no-such-binary'],
        anyBins: [],
        env: ['SKILLSET_TEST_NEVER_SET_VARIABLE'],
        config: [],
        os: [process.platform === 'win32' ? 'linux' : 'win32'],
      },
    });
    expect(detail.agents.map((agent) => agent.name)).toEqual(['builder']);
    expect(detail.issues.map((issue) => issue.severity)).toContain('warning');
  });

  it('names what a skill shadows and, with ?scope=, what shadows it', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('create-skill', 'Ours.'));
    const winner = (await (
      await server.request('GET', '/api/skills/create-skill', { token: server.owner.token })
    ).json()) as Detail;
    expect(winner.scope).toBe('workspace');
    expect(winner.shadows.map((shadow) => shadow.scope)).toEqual(['builtin']);
    expect(winner.shadowedBy).toBeUndefined();
    const shadowed = (await (
      await server.request('GET', '/api/skills/create-skill?scope=builtin', {
        token: server.owner.token,
      })
    ).json()) as Detail;
    expect(shadowed.scope).toBe('builtin');
    expect(shadowed.shadowedBy).toBe('workspace');
  });

  it('leaves GET /api/skills/commands to the runtime routes, and reaches a skill of that name with ?scope=', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('commands'));
    const runtime = await server.request('GET', '/api/skills/commands', {
      token: server.owner.token,
    });
    expect(runtime.status).toBe(200);
    expect(await runtime.json()).not.toHaveProperty('content');
    const skill = await server.request('GET', '/api/skills/commands?scope=workspace', {
      token: server.owner.token,
    });
    expect(await skill.json()).toMatchObject({ name: 'commands', scope: 'workspace' });
  });

  it("answers 404 for unknown skills and for another workspace's skills alike", async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('secret-sauce'));
    const other = await server.addWorkspace('Other');
    for (const [token, name] of [
      [other.token, 'secret-sauce'],
      [server.owner.token, 'nope'],
    ] as const) {
      for (const path of [
        `/api/skills/${name}`,
        `/api/skills/${name}/versions`,
        `/api/skills/${name}/download`,
      ]) {
        const response = await server.request('GET', path, { token });
        expect(response.status, path).toBe(404);
        expect(((await response.json()) as ErrorBody).error.code).toBe('skill_not_found');
      }
      const write = await server.request('PUT', `/api/skills/${name}`, {
        token,
        json: { content: skillText(name) },
        headers: { 'if-match': '"1"' },
      });
      expect(write.status).toBe(404);
    }
  });
});

describe('PATCH and PUT /api/skills/{name}', () => {
  const patch = (
    server: Awaited<ReturnType<typeof createTestApp>>,
    json: unknown,
    version: number | undefined,
    token?: string,
  ) =>
    server.request('PATCH', '/api/skills/editable', {
      token: token ?? server.owner.token,
      json,
      ...(version === undefined ? {} : { headers: { 'if-match': `"${version}"` } }),
    });

  it('applies the five operations and metadata updates, each a new version with an ETag', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('editable', 'Edit me.', 'First line.\n'));
    const steps: Array<[unknown, (detail: Detail) => void]> = [
      [
        { operation: 'append', content: 'Last line.' },
        (detail) => expect(detail.body).toBe('First line.\n\nLast line.\n'),
      ],
      [
        { operation: 'prepend', content: 'Top line.' },
        (detail) => expect(detail.body).toBe('Top line.\n\nFirst line.\n\nLast line.\n'),
      ],
      [
        { operation: 'find_replace', find: 'line', replace_with: 'row', replace_all: true },
        (detail) => expect(detail.body).toBe('Top row.\n\nFirst row.\n\nLast row.\n'),
      ],
      [
        { operation: 'delete', find: 'Top row.\n\n' },
        (detail) => expect(detail.body).toBe('First row.\n\nLast row.\n'),
      ],
      [
        { operation: 'replace', content: 'New body.' },
        (detail) => expect(detail.body).toBe('New body.\n'),
      ],
      [
        { description: 'Edited.', tags: ['x'], metadata: { argument_hint: '<file>' } },
        (detail) => {
          expect(detail.manifest).toMatchObject({
            description: 'Edited.',
            tags: ['x'],
            argumentHint: '<file>',
          });
          expect(detail.content).toContain('argument-hint: <file>');
          expect(detail.body).toBe('New body.\n');
        },
      ],
    ];
    let version = 1;
    for (const [json, check] of steps) {
      const response = await patch(server, json, version);
      expect(response.status, JSON.stringify(json)).toBe(200);
      version += 1;
      expect(response.headers.get('etag')).toBe(`"${version}"`);
      check((await response.json()) as Detail);
    }
    const audit = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'skill.update',
    });
    expect(audit).toHaveLength(steps.length);
  });

  it('needs If-Match (428), refuses a stale one with 409 naming the current version, and writes nothing then', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('editable'));
    const missing = await patch(server, { operation: 'append', content: 'x' }, undefined);
    expect(missing.status).toBe(428);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('precondition_required');
    expect((await patch(server, { operation: 'append', content: 'x' }, 1)).status).toBe(200);
    const before = await countRows(server);
    const stale = await patch(server, { operation: 'append', content: 'y' }, 1);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ErrorBody;
    expect(body.error.code).toBe('version_conflict');
    expect(body.error.message).toContain('version 2');
    expect(body.error.issues?.[0]).toMatchObject({ currentVersion: 2 });
    expect(await countRows(server)).toEqual(before);
    const garbage = await server.request('PATCH', '/api/skills/editable', {
      token: server.owner.token,
      json: { operation: 'append', content: 'x' },
      headers: { 'if-match': 'yesterday' },
    });
    expect(garbage.status).toBe(400);
  });

  it('reports edits that cannot apply or would break the skill with 400', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('editable', 'Edit me.', 'one one\n'));
    const cases: Array<[unknown, string]> = [
      [{ operation: 'find_replace', find: 'absent', replace_with: 'x' }, 'text_not_found'],
      [{ operation: 'delete', find: 'one' }, 'ambiguous_match'],
      [
        { operation: 'replace', content: skillText('renamed'), target: 'skill_md' },
        'invalid_skill',
      ],
      [{ operation: 'append' }, 'invalid_request'],
      [{ operation: 'append', content: 'x', find: 'y' }, 'invalid_request'],
      [{}, 'invalid_request'],
      [{ operation: 'rewrite', content: 'x' }, 'invalid_request'],
    ];
    for (const [json, code] of cases) {
      const response = await patch(server, json, 1);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code, JSON.stringify(json)).toBe(code);
    }
    const detail = await server.request('GET', '/api/skills/editable', {
      token: server.owner.token,
    });
    expect(detail.headers.get('etag')).toBe('"1"');
  });

  it('replaces the whole SKILL.md with PUT', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('editable'));
    const response = await server.request('PUT', '/api/skills/editable', {
      token: server.owner.token,
      json: { content: skillText('editable', 'Rewritten.', 'All new.\n'), message: 'rewrite' },
      headers: { 'if-match': '"1"' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"2"');
    const detail = (await response.json()) as Detail;
    expect(detail.manifest.description).toBe('Rewritten.');
    expect(detail.body).toBe('All new.\n');
    const missing = await server.request('PUT', '/api/skills/editable', {
      token: server.owner.token,
      json: { content: skillText('editable') },
    });
    expect(missing.status).toBe(428);
  });

  it('refuses viewers, agents without the member role, and edits of built-in skills with 403', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('editable'));
    const viewer = await server.addUser('viewer');
    expect(
      (await patch(server, { operation: 'append', content: 'x' }, 1, viewer.token)).status,
    ).toBe(403);
    const agent = await server.addAgent();
    expect(
      (await patch(server, { operation: 'append', content: 'x' }, 1, agent.token)).status,
    ).toBe(403);
    await server.store.permissions.create({
      workspaceId: server.owner.workspaceId,
      agentId: agent.agentId as string,
      skill: 'editable',
      surface: '*',
      action: 'allow',
    });
    expect(
      (await patch(server, { operation: 'append', content: 'x' }, 1, agent.token)).status,
    ).toBe(403);
    const editor = await server.addAgent({ settings: { role: 'member' } });
    expect(
      (await patch(server, { operation: 'append', content: 'x' }, 1, editor.token)).status,
    ).toBe(200);
    const builtin = await server.request('PATCH', '/api/skills/create-skill', {
      token: server.owner.token,
      json: { operation: 'append', content: 'x' },
      headers: { 'if-match': '"1"' },
    });
    expect(builtin.status).toBe(403);
  });
});

describe('enable, disable and delete', () => {
  it('switches a skill off and on', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('switchable'));
    const off = await server.request('POST', '/api/skills/switchable/disable', {
      token: server.owner.token,
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ name: 'switchable', enabled: false });
    const on = await server.request('POST', '/api/skills/switchable/enable', {
      token: server.owner.token,
    });
    expect(await on.json()).toMatchObject({ enabled: true });
    const viewer = await server.addUser('viewer');
    const refused = await server.request('POST', '/api/skills/switchable/disable', {
      token: viewer.token,
    });
    expect(refused.status).toBe(403);
    const audit = await server.store.audit.list({ workspaceId: server.owner.workspaceId });
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['skill.disable', 'skill.enable']),
    );
  });

  it('refuses to delete a skill agents reference (409 naming them) unless forced', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('core-skill'));
    await server.addAgent({ name: 'support-bot', settings: { skills: ['core-skill'] } });
    const refused = await server.request('DELETE', '/api/skills/core-skill', {
      token: server.owner.token,
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('skill_referenced');
    expect(body.error.message).toContain('"support-bot"');
    expect(body.error.issues?.[0]).toMatchObject({ agentName: 'support-bot' });
    const viewer = await server.addUser('viewer');
    expect(
      (await server.request('DELETE', '/api/skills/core-skill?force=true', { token: viewer.token }))
        .status,
    ).toBe(403);
    const forced = await server.request('DELETE', '/api/skills/core-skill?force=true', {
      token: server.owner.token,
    });
    expect(forced.status).toBe(200);
    expect(await forced.json()).toEqual({
      deleted: { name: 'core-skill', scope: 'workspace', version: 1 },
    });
    expect(
      (await server.request('GET', '/api/skills/core-skill', { token: server.owner.token })).status,
    ).toBe(404);
  });

  it('deletes an unreferenced skill and refuses built-in ones', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('temporary'));
    expect(
      (await server.request('DELETE', '/api/skills/temporary', { token: server.owner.token }))
        .status,
    ).toBe(200);
    expect(
      (await server.request('DELETE', '/api/skills/create-skill', { token: server.owner.token }))
        .status,
    ).toBe(403);
  });
});
