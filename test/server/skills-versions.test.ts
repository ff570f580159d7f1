import { readSkillPackage } from '@skillset/core/authoring';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { buildTestZip, createSkill, skillText, upload } from './skills-test-support.ts';

async function edit(server: TestApp, name: string, version: number, content: string) {
  const response = await server.request('PUT', `/api/skills/${encodeURIComponent(name)}`, {
    token: server.owner.token,
    json: { content },
    headers: { 'if-match': `"${version}"` },
  });
  expect(response.status).toBe(200);
}

describe('skill versions', () => {
  it('lists versions newest first and returns one version', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('versioned', 'One.'));
    await edit(server, 'versioned', 1, skillText('versioned', 'Two.'));
    const list = await server.request('GET', '/api/skills/versioned/versions', {
      token: server.owner.token,
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      current: number;
      items: Array<{ version: number; description: string }>;
    };
    expect(body.current).toBe(2);
    expect(body.items.map((item) => [item.version, item.description])).toEqual([
      [2, 'Two.'],
      [1, 'One.'],
    ]);
    const first = await server.request('GET', '/api/skills/versioned/versions/1', {
      token: server.owner.token,
    });
    expect(await first.json()).toMatchObject({
      version: 1,
      content: skillText('versioned', 'One.'),
    });
    for (const path of ['/api/skills/versioned/versions/9', '/api/skills/versioned/versions/0']) {
      const response = await server.request('GET', path, { token: server.owner.token });
      expect(response.status, path).toBe(path.endsWith('/0') ? 400 : 404);
    }
  });

  it('diffs SKILL.md and every changed file as a unified diff', async () => {
    await using server = await createTestApp();
    const zip = (body: string, files: Record<string, string | Uint8Array>) =>
      buildTestZip([
        { name: 'differ/SKILL.md', content: skillText('differ', 'Diff me.', body) },
        ...Object.entries(files).map(([path, content]) => ({ name: `differ/${path}`, content })),
      ]);
    expect(
      (
        await upload(
          server,
          zip('a\nb\nc\n', {
            'keep.md': 'same\n',
            'gone.md': 'bye\n',
            'img.bin': new Uint8Array([0, 1]),
          }),
        )
      ).status,
    ).toBe(201);
    const skill = await server.store.skills.getByName({
      workspaceId: server.owner.workspaceId,
      name: 'differ',
    });
    const update = await server.store.skills.update({
      workspaceId: server.owner.workspaceId,
      id: skill?.id as string,
      expectedVersion: 1,
      skillMd: skillText('differ', 'Diff me.', 'a\nB\nc\n'),
      putFiles: [
        { path: 'new.md', content: 'hello\n' },
        { path: 'img.bin', content: new Uint8Array([0, 2]) },
      ],
      deleteFiles: ['gone.md'],
    });
    expect(update.ok).toBe(true);
    const response = await server.request('GET', '/api/skills/differ/diff?from=1&to=2', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const diff = (await response.json()) as {
      files: Array<{ path: string; status: string; binary: boolean; diff: string }>;
      patch: string;
    };
    expect(diff.files.map((file) => [file.path, file.status, file.binary])).toEqual([
      ['SKILL.md', 'modified', false],
      ['gone.md', 'removed', false],
      ['img.bin', 'modified', true],
      ['new.md', 'added', false],
    ]);
    expect(diff.files[0]?.diff).toMatchInlineSnapshot(`
      "--- a/SKILL.md
      +++ b/SKILL.md
      @@ -3,5 +3,5 @@
       description: Diff me.
       ---
       a
      -b
      +B
       c
      "
    `);
    expect(diff.files[3]?.diff).toBe('--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,1 @@\n+hello\n');
    expect(diff.patch).toContain('Binary files a/img.bin and b/img.bin differ');
    const defaults = await server.request('GET', '/api/skills/differ/diff', {
      token: server.owner.token,
    });
    expect((await defaults.json()) as { from: number; to: number }).toMatchObject({
      from: 1,
      to: 2,
    });
    const missing = await server.request('GET', '/api/skills/differ/diff?from=1&to=7', {
      token: server.owner.token,
    });
    expect(missing.status).toBe(404);
  });

  it('restores an old version as a new one, guarded by an optional If-Match', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('restorable', 'Original.'));
    await edit(server, 'restorable', 1, skillText('restorable', 'Changed.'));
    const stale = await server.request('POST', '/api/skills/restorable/versions/1/restore', {
      token: server.owner.token,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(409);
    const restored = await server.request('POST', '/api/skills/restorable/versions/1/restore', {
      token: server.owner.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.headers.get('etag')).toBe('"3"');
    expect(await restored.json()).toMatchObject({
      version: 3,
      manifest: { description: 'Original.' },
    });
    const unknown = await server.request('POST', '/api/skills/restorable/versions/42/restore', {
      token: server.owner.token,
    });
    expect(unknown.status).toBe(404);
    const viewer = await server.addUser('viewer');
    const refused = await server.request('POST', '/api/skills/restorable/versions/1/restore', {
      token: viewer.token,
    });
    expect(refused.status).toBe(403);
    const audit = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'skill.restore',
    });
    expect(audit).toHaveLength(1);
  });
});

describe('version change notes', () => {
  it('saves an optional note with a version and lists it; editors only, refused when hostile', async () => {
    await using server = await createTestApp();
    await createSkill(server, skillText('noted', 'One.'));
    const put = (token: string, version: number, json: Record<string, unknown>) =>
      server.request('PUT', '/api/skills/noted', {
        token,
        json,
        headers: { 'if-match': `"${version}"` },
      });
    const noted = await put(server.owner.token, 1, {
      content: skillText('noted', 'Two.'),
      message: '  Clearer description.  ',
    });
    expect(noted.status).toBe(200);
    const blank = await put(server.owner.token, 2, {
      content: skillText('noted', 'Three.'),
      message: '   ',
    });
    expect(blank.status).toBe(200);
    const patched = await server.request('PATCH', '/api/skills/noted', {
      token: server.owner.token,
      json: { description: 'Four.', message: 'Patched the description.' },
      headers: { 'if-match': '"3"' },
    });
    expect(patched.status).toBe(200);

    const refusals: Array<[string, Record<string, unknown>]> = [
      ['x'.repeat(501), { field: 'message', code: 'too_big' }],
      ['a\u0000b', { field: 'message', code: 'custom' }],
      ['bell\u0007', { field: 'message', code: 'custom' }],
      [42 as unknown as string, { field: 'message', code: 'invalid_type' }],
    ];
    for (const [message, issue] of refusals) {
      const response = await put(server.owner.token, 4, {
        content: skillText('noted', 'Refused.'),
        message,
      });
      expect(response.status, JSON.stringify(message).slice(0, 20)).toBe(400);
      const body = (await response.json()) as {
        error: { code: string; message: string; issues: Array<Record<string, unknown>> };
      };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.issues).toEqual([expect.objectContaining(issue)]);
    }
    const tooLong = await put(server.owner.token, 4, {
      content: skillText('noted', 'Refused.'),
      message: 'x'.repeat(501),
    });
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid request body: message: A change note has at most 500 characters; this one has 501.',
    );

    const viewer = await server.addUser('viewer');
    const viewerWrite = await put(viewer.token, 4, {
      content: skillText('noted', 'Viewer.'),
      message: 'Viewer note.',
    });
    expect(viewerWrite.status).toBe(403);
    const stranger = await server.addWorkspace('Other');
    const strangerWrite = await put(stranger.token, 4, {
      content: skillText('noted', 'Stranger.'),
      message: 'Stranger note.',
    });
    expect(strangerWrite.status).toBe(404);

    const list = await server.request('GET', '/api/skills/noted/versions', {
      token: viewer.token,
    });
    const { items } = (await list.json()) as {
      items: Array<{ version: number; message: string | null }>;
    };
    expect(items.map((item) => [item.version, item.message])).toEqual([
      [4, 'Patched the description.'],
      [3, null],
      [2, 'Clearer description.'],
      [1, null],
    ]);
  });
});

describe('skill files and downloads', () => {
  it('serves a file with its stored Content-Type, binary safe, with the path confined', async () => {
    await using server = await createTestApp();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
    await upload(
      server,
      buildTestZip([
        { name: 'files/SKILL.md', content: skillText('files') },
        { name: 'files/img/logo.png', content: bytes },
        { name: 'files/notes.md', content: '# Notes\n' },
      ]),
    );
    const image = await server.request('GET', '/api/skills/files/files/img/logo.png', {
      token: server.owner.token,
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
    const notes = await server.request('GET', '/api/skills/files/files/notes.md', {
      token: server.owner.token,
    });
    expect(notes.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await notes.text()).toBe('# Notes\n');
    for (const path of ['nope.txt', '..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd']) {
      const response = await server.request('GET', `/api/skills/files/files/${path}`, {
        token: server.owner.token,
      });
      expect(response.status, path).toBe(404);
    }
    const other = await server.addWorkspace('Other');
    const leaked = await server.request('GET', '/api/skills/files/files/notes.md', {
      token: other.token,
    });
    expect(leaked.status).toBe(404);
  });

  it('downloads a ZIP that reads back losslessly, with a Content-Disposition that works for non-ASCII names', async () => {
    await using server = await createTestApp();
    const content = skillText('café', 'Un café.');
    expect(
      (
        await upload(
          server,
          buildTestZip([
            { name: 'café/SKILL.md', content },
            { name: 'café/menu.txt', content: 'crème\n' },
          ]),
        )
      ).status,
    ).toBe(201);
    const response = await server.request(
      'GET',
      `/api/skills/${encodeURIComponent('café')}/download`,
      {
        token: server.owner.token,
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="cafe.zip"; filename*=UTF-8''caf%C3%A9.zip`,
    );
    const result = readSkillPackage(new Uint8Array(await response.arrayBuffer()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.folderName).toBe('café');
    expect(result.skillText).toBe(content);
    expect(result.files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([
      ['menu.txt', 'crème\n'],
    ]);
    const ascii = await createSkill(server, skillText('plain'));
    const plain = await server.request('GET', `/api/skills/${ascii.name}/download`, {
      token: server.owner.token,
    });
    expect(plain.headers.get('content-disposition')).toBe('attachment; filename="plain.zip"');
  });
});

describe('POST /api/skills/validate', () => {
  it('validates JSON content, Markdown and ZIP bodies without saving, with ?profile=strict', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const validate = async (body: string | Uint8Array, type: string, query = '') => {
      const response = await server.request('POST', `/api/skills/validate${query}`, {
        token: viewer.token,
        body,
        headers: { 'content-type': type },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        valid: boolean;
        issues: Array<{ code: string; severity: string }>;
      };
    };
    const extended = '---\nname: ext\ndescription: Extended.\ntags: [a]\n---\nBody\n';
    expect((await validate(JSON.stringify({ content: extended }), 'application/json')).valid).toBe(
      true,
    );
    expect(
      (await validate(JSON.stringify({ content: extended }), 'application/json', '?profile=strict'))
        .valid,
    ).toBe(false);
    expect(
      (
        await validate(
          JSON.stringify({ content: skillText('ext'), folderName: 'other' }),
          'application/json',
          '?profile=strict',
        )
      ).valid,
    ).toBe(false);
    expect(
      (await validate('---\nname: x\n---\n', 'text/markdown')).issues.map((issue) => issue.code),
    ).toContain('missing_description');
    const zip = buildTestZip([{ name: 'zipped/SKILL.md', content: skillText('zipped') }]);
    expect((await validate(new Uint8Array(zip), 'application/zip', '?profile=strict')).valid).toBe(
      true,
    );
    const slip = await validate(
      new Uint8Array(buildTestZip([{ name: '../x', content: 'x' }])),
      'application/zip',
    );
    expect(slip.valid).toBe(false);
    expect(slip.issues.map((issue) => issue.code)).toContain('zip_slip');
    const list = await server.request('GET', '/api/skills?scope=workspace', {
      token: server.owner.token,
    });
    expect(((await list.json()) as { total: number }).total).toBe(0);
    const bad = await server.request('POST', '/api/skills/validate', {
      token: viewer.token,
      json: { content: 1 },
    });
    expect(bad.status).toBe(400);
    const unknownProfile = await server.request('POST', '/api/skills/validate?profile=loose', {
      token: viewer.token,
      json: { content: extended },
    });
    expect(unknownProfile.status).toBe(400);
  });
});
