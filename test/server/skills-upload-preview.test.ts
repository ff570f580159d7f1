import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { buildTestZip, countRows, createSkill, skillText, upload } from './skills-test-support.ts';

interface Preview {
  valid: boolean;
  name: string | null;
  folderName: string | null;
  files: Array<{ path: string; size: number }>;
  issues: Array<{ code: string; severity: string; line?: number }>;
  existing: { scope: string; version: number } | null;
}

interface ErrorBody {
  error: { code: string; issues?: Array<{ code: string; severity: string; line?: number }> };
}

function uploadVersion(
  server: TestApp,
  name: string,
  bytes: Uint8Array,
  options: { query?: string; ifMatch?: string } = {},
) {
  return server.request('POST', `/api/skills/${name}/upload${options.query ?? ''}`, {
    token: server.owner.token,
    body: new Uint8Array(bytes),
    headers: {
      'content-type': 'application/zip',
      ...(options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch }),
    },
  });
}

const codes = (issues: Array<{ code: string; severity: string }>) =>
  issues.map((issue) => `${issue.severity}:${issue.code}`).sort();

describe('POST /api/skills/upload?dry_run=true', () => {
  it('previews name, files and a folder mismatch without saving anything', async () => {
    await using server = await createTestApp();
    const zip = buildTestZip([
      { name: 'other-folder/SKILL.md', content: skillText('demo') },
      { name: 'other-folder/notes.txt', content: 'hello' },
    ]);
    const before = await countRows(server);
    const response = await upload(server, zip, { query: '?dry_run=true' });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as Preview;
    expect(preview).toMatchObject({ valid: true, name: 'demo', folderName: 'other-folder' });
    expect(preview.files).toEqual([
      { path: 'SKILL.md', size: skillText('demo').length },
      { path: 'notes.txt', size: 5 },
    ]);
    expect(codes(preview.issues)).toEqual(['warning:name_folder_mismatch']);
    expect(await countRows(server)).toEqual(before);
    // The real upload saves it, with the same warning.
    const saved = await upload(server, zip);
    expect(saved.status).toBe(201);
    expect(codes(((await saved.json()) as Preview).issues)).toEqual([
      'warning:name_folder_mismatch',
    ]);
  });

  it('reports the same errors the real upload refuses with, and a taken name', async () => {
    await using server = await createTestApp();
    const broken = buildTestZip([
      { name: 'SKILL.md', content: '---\nname: Bad Name\n---\nBody\n' },
    ]);
    const preview = (await (
      await upload(server, broken, { query: '?dry_run=true' })
    ).json()) as Preview;
    const refused = await upload(server, broken);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ErrorBody;
    expect(preview.valid).toBe(false);
    expect(preview.issues).toEqual(body.error.issues);

    await createSkill(server, skillText('taken'));
    const taken = (await (
      await upload(server, buildTestZip([{ name: 'SKILL.md', content: skillText('taken') }]), {
        query: '?dry_run=true',
      })
    ).json()) as Preview;
    expect(taken).toMatchObject({ valid: false, existing: { scope: 'workspace', version: 1 } });
    expect(codes(taken.issues)).toEqual(['error:skill_exists']);
  });
});

describe('POST /api/skills/{name}/upload', () => {
  it('previews, then saves a ZIP as the next version, replacing the files', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('demo'));
    const zip = buildTestZip([
      { name: 'demo/SKILL.md', content: skillText('demo', 'Version two.') },
      { name: 'demo/extra.md', content: '# Extra\n' },
    ]);
    const preview = await uploadVersion(server, 'demo', zip, { query: '?dry_run=true' });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      valid: true,
      name: 'demo',
      existing: { scope: 'workspace', version: 1 },
    });
    expect((await uploadVersion(server, 'demo', zip)).status).toBe(428);
    expect((await uploadVersion(server, 'demo', zip, { ifMatch: '"7"' })).status).toBe(409);
    const saved = await uploadVersion(server, 'demo', zip, { ifMatch: '"1"' });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(await saved.json()).toMatchObject({
      version: 2,
      description: 'Version two.',
      files: [{ path: 'extra.md' }],
    });
  });

  it('refuses a package whose SKILL.md renames the skill, in the preview and for real', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('demo'));
    const zip = buildTestZip([{ name: 'SKILL.md', content: skillText('another') }]);
    const preview = (await (
      await uploadVersion(server, 'demo', zip, { query: '?dry_run=true' })
    ).json()) as Preview;
    expect(preview.valid).toBe(false);
    expect(codes(preview.issues)).toContain('error:name_changed');
    const refused = await uploadVersion(server, 'demo', zip, { ifMatch: '"1"' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.issues).toEqual(preview.issues);
  });
});
