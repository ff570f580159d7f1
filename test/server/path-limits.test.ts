import { createTestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { buildTestZip, countRows, createSkill, skillText, upload } from './skills-test-support.ts';

interface ErrorBody {
  error: { code: string; message: string; issues?: Array<{ code: string; message: string }> };
}

const deep = (levels: number) => `${Array.from({ length: levels - 1 }, () => 'd').join('/')}/f.txt`;
const long = `${Array.from({ length: 30 }, () => 'b'.repeat(200)).join('/')}.md`;

describe('path limits on the server', () => {
  it('refuses uploaded ZIPs with a 6,000-character or 3,000-level entry path, writing nothing', async () => {
    await using server = await createTestApp();
    const before = await countRows(server);
    for (const [path, code] of [
      [long, 'path_too_long'],
      [deep(3000), 'path_too_deep'],
      [deep(33), 'path_too_deep'],
    ] as const) {
      const zip = buildTestZip([
        { name: 'demo/SKILL.md', content: skillText('demo') },
        { name: `demo/${path}`, content: 'x' },
      ]);
      const response = await upload(server, zip);
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe('invalid_package');
      expect(body.error.issues?.map((issue) => issue.code)).toEqual([code]);
      expect(body.error.issues?.[0]?.message.length).toBeLessThan(400);
    }
    expect(await countRows(server)).toEqual(before);
    const ok = buildTestZip([
      { name: 'demo/SKILL.md', content: skillText('demo') },
      { name: `demo/${deep(32)}`, content: 'x' },
    ]);
    expect((await upload(server, ok)).status).toBe(201);
  });

  it('refuses JSON skill files with paths over the limits', async () => {
    await using server = await createTestApp();
    for (const path of [long, deep(3000)]) {
      const response = await server.request('POST', '/api/skills', {
        token: server.owner.token,
        json: { content: skillText('demo'), files: { [path]: 'x' } },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(JSON.stringify(body)).toMatch(/more than the (1024|32) allowed/);
    }
  });

  it('answers a file request with an over-long path 400, not a lookup', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('demo'));
    for (const path of [long, deep(3000)]) {
      const response = await server.request('GET', `/api/skills/demo/files/${path}`, {
        token: server.owner.token,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe('invalid_skill_file_path');
      expect(body.error.message).toMatch(/more than the (255|1024|32) /);
    }
  });
});
