import { describe, expect, it } from 'vitest';
import { createRuntimeTestApp, skillText } from '../../test-support/create-runtime-test-app.ts';

interface SearchBody {
  items: Array<{ name: string }>;
  total: number;
  confident?: number;
}

describe('GET /api/skills?q= (docs/decisions/0153)', () => {
  it('counts the confident matches at the head and leaves the weak tail after them', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(
      skillText('changelog-writer', { description: 'Write the changelog for a release.' }),
    );
    for (const topic of ['colours', 'fonts', 'icons', 'logos']) {
      await server.addSkill(
        skillText(`brand-${topic}`, { description: `Make the ${topic} match the brand.` }),
      );
    }
    const search = async (q: string): Promise<SearchBody> => {
      const response = await server.request('GET', `/api/skills?q=${encodeURIComponent(q)}`, {
        token: server.owner.token,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as SearchBody;
    };
    const found = await search('make a changelog');
    expect(found.items[0]?.name).toBe('changelog-writer');
    expect(found.confident).toBe(1);
    expect(found.total).toBe(5);
    // A word being typed ranks nothing yet: its prefix matches are all shown.
    const typing = await search('chang');
    expect(typing.items.map((item) => item.name)).toEqual(['changelog-writer']);
    expect(typing.confident).toBe(1);
    const listed = await server.request('GET', '/api/skills', { token: server.owner.token });
    expect(((await listed.json()) as SearchBody).confident).toBeUndefined();
  });
});
