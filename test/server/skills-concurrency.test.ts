import { createTestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { countRows, createSkill, skillText } from './skills-test-support.ts';

describe('concurrent updates of one skill', () => {
  it('lets exactly one of 50 PATCHes with the same If-Match win; the other 49 get 409 and nothing is lost', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('contended', 'Contended.', 'Base.\n'));
    const before = await countRows(server);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        server.request('PATCH', '/api/skills/contended', {
          token: server.owner.token,
          json: { operation: 'append', content: `Writer ${index}.` },
          headers: { 'if-match': '"1"' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winnerIndex = statuses.indexOf(200);
    for (const [index, response] of responses.entries()) {
      if (index === winnerIndex) continue;
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('version_conflict');
    }
    const detail = await server.request('GET', '/api/skills/contended', {
      token: server.owner.token,
    });
    expect(detail.headers.get('etag')).toBe('"2"');
    expect(((await detail.json()) as { body: string }).body).toBe(
      `Base.\n\nWriter ${winnerIndex}.\n`,
    );
    const after = await countRows(server);
    expect(after.versions).toBe((before.versions ?? 0) + 1);
    expect(after.skills).toBe(before.skills);
  });
});
