import { describe, expect, it } from 'vitest';
import { createRuntimeTestApp, skillText } from '../../test-support/create-runtime-test-app.ts';

interface ListBody {
  items: Array<{
    name: string;
    userInvocable: boolean;
    modelInvocable: boolean;
    integration: string | null;
  }>;
  total: number;
  nextCursor?: string;
}

async function seeded() {
  const server = await createRuntimeTestApp();
  await server.addSkill(
    skillText('release-notes', {
      description: 'Write release notes from merged pull requests.',
      frontmatter: 'tags: [docs]\n',
    }),
  );
  await server.addSkill(
    skillText('deploy-app', {
      description: 'Deploy the app; also writes a short note in the release channel.',
      frontmatter: 'disable-model-invocation: true\nintegration: github\n',
    }),
  );
  await server.addSkill(
    skillText('lint-helper', {
      description: 'Background lint rules the model applies; notes on style.',
      frontmatter: 'user-invocable: false\n',
    }),
  );
  const list = async (query: string): Promise<ListBody> => {
    const response = await server.request('GET', `/api/skills${query}`, {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ListBody;
  };
  return { server, list };
}

describe('GET /api/skills', () => {
  it('ranks the skills matching q by relevance, best first', async () => {
    const { server, list } = await seeded();
    await using _server = server;
    const names = (await list('?scope=workspace&q=release%20note')).items.map((item) => item.name);
    expect(names.slice(0, 2)).toEqual(['release-notes', 'deploy-app']);
  });

  it('finds a skill by any word of the query, stemmed, says why, and puts an exact name first', async () => {
    const { server, list } = await seeded();
    await using _server = server;
    await server.addSkill(
      skillText('changelog', {
        description: 'Formats a CHANGELOG file by the keep-a-changelog rules.',
      }),
    );
    await server.addSkill(
      skillText('notes-export', {
        description: 'Exports notes. Use when the user asks for a changelog of merged work.',
      }),
    );
    const found = (await list('?scope=workspace&q=make%20a%20changelog')) as unknown as {
      items: Array<{ name: string; match?: Array<{ field: string; words: string[] }> }>;
    };
    expect(found.items[0]?.name).toBe('changelog');
    expect(found.items.map((item) => item.name)).toContain('notes-export');
    expect(found.items.find((item) => item.name === 'notes-export')?.match).toEqual([
      { field: 'description', words: ['changelog'] },
    ]);
    const exact = await list('?scope=workspace&q=lint-helper');
    expect(exact.items[0]?.name).toBe('lint-helper');
  });

  it('matches partial words while typing and pages ranked results with a cursor', async () => {
    const { server, list } = await seeded();
    await using _server = server;
    const first = await list('?scope=workspace&q=not&limit=1');
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.name)).toHaveLength(1);
    const second = await list(`?scope=workspace&q=not&limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.items, ...second.items].map((item) => item.name).sort();
    expect(all).toEqual(['deploy-app', 'lint-helper', 'release-notes']);
  });

  it('filters on who may invoke a skill and reports it with the integration', async () => {
    const { server, list } = await seeded();
    await using _server = server;
    const modelOnly = await list('?scope=workspace&userInvocable=false');
    expect(modelOnly.items.map((item) => item.name)).toEqual(['lint-helper']);
    const userOnly = await list('?scope=workspace&modelInvocable=false');
    expect(userOnly.items).toEqual([
      expect.objectContaining({
        name: 'deploy-app',
        userInvocable: true,
        modelInvocable: false,
        integration: 'github',
      }),
    ]);
    const both = await list('?scope=workspace&userInvocable=true&modelInvocable=true');
    expect(both.items.map((item) => item.name)).toEqual(['release-notes']);
  });

  it('answers a bad boolean filter with 400', async () => {
    const { server } = await seeded();
    await using _server = server;
    const response = await server.request('GET', '/api/skills?userInvocable=maybe', {
      token: server.owner.token,
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/skills: updates, uses and signatures', () => {
  interface ActivityBody {
    items: Array<{
      name: string;
      version: number;
      updatedAt: string;
      updatedBy: { id: string; name: string } | null;
      uses30d: number;
      signature: string;
    }>;
  }

  async function seededWithActivity() {
    const server = await createRuntimeTestApp();
    const create = async (name: string) => {
      const response = await server.request('POST', '/api/skills', {
        token: server.owner.token,
        json: { content: skillText(name, { description: `The ${name} skill.` }) },
      });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    await create('alpha');
    await create('beta');
    await create('gamma');
    const update = await server.request('PUT', '/api/skills/beta?scope=workspace', {
      token: server.owner.token,
      headers: { 'if-match': '"1"' },
      json: { content: skillText('beta', { description: 'The beta skill, updated.' }) },
    });
    expect(update.status, await update.clone().text()).toBe(200);
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 24 * 60 * 60 * 1000);
    const workspaceId = server.owner.workspaceId;
    await server.store.usage.recordMany([
      { workspaceId, skillName: 'gamma', trigger: 'user', count: 5 },
      { workspaceId, skillName: 'alpha', trigger: 'model', count: 2 },
      { workspaceId, skillName: 'alpha', trigger: 'model', outcome: 'missing_argument' },
      { workspaceId, skillName: 'alpha', trigger: 'model', count: 9, at: old },
    ]);
    const list = async (query: string): Promise<ActivityBody> => {
      const response = await server.request('GET', `/api/skills?scope=workspace${query}`, {
        token: server.owner.token,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as ActivityBody;
    };
    return { server, list };
  }

  it('says who updated each skill and when, its 30-day successful uses and that it is unsigned', async () => {
    const { server, list } = await seededWithActivity();
    await using _server = server;
    const items = (await list('')).items;
    expect(
      items.map(({ name, version, uses30d, signature }) => [name, version, uses30d, signature]),
    ).toEqual([
      ['alpha', 1, 2, 'unsigned'],
      ['beta', 2, 0, 'unsigned'],
      ['gamma', 1, 5, 'unsigned'],
    ]);
    for (const item of items) {
      expect(item.updatedBy?.id).toBe(server.owner.userId);
      expect(item.updatedBy?.name).toEqual(expect.any(String));
      expect(Date.now() - Date.parse(item.updatedAt)).toBeLessThan(60_000);
    }
  });

  it('sorts by most used and by most recently updated, and pages in that order', async () => {
    const { server, list } = await seededWithActivity();
    await using _server = server;
    const names = async (query: string) => (await list(query)).items.map((item) => item.name);
    expect(await names('&sort=uses')).toEqual(['gamma', 'alpha', 'beta']);
    expect(await names('&sort=updated')).toEqual(['beta', 'gamma', 'alpha']);
    expect(await names('&sort=name')).toEqual(['alpha', 'beta', 'gamma']);
    expect(await names('&sort=uses&limit=1&offset=1')).toEqual(['alpha']);
  });

  it('refuses an unknown sort', async () => {
    const { server } = await seededWithActivity();
    await using _server = server;
    const response = await server.request('GET', '/api/skills?sort=stars', {
      token: server.owner.token,
    });
    expect(response.status).toBe(400);
  });
});
