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
