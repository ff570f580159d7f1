import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import {
  buildTestZip,
  countRows,
  skillText,
  type TestZipEntry,
  upload,
} from './skills-test-support.ts';

interface ErrorBody {
  error: { code: string; message: string; issues?: Array<{ code: string; message: string }> };
}

const SKILL = { name: 'demo/SKILL.md', content: skillText('demo', 'A demo skill.') };

async function expectRefused(
  server: TestApp,
  bytes: Uint8Array | string,
  expected: { status: number; code: string; issue: string; message?: string },
  type = 'application/zip',
) {
  const before = await countRows(server);
  const response = await upload(server, bytes, { type });
  expect(response.status).toBe(expected.status);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe(expected.code);
  expect(body.error.issues?.map((issue) => issue.code)).toContain(expected.issue);
  if (expected.message !== undefined) expect(body.error.message).toContain(expected.message);
  expect(await countRows(server)).toEqual(before);
}

describe('POST /api/skills/upload', () => {
  it('creates a skill from a ZIP with one top-level folder, keeping its files', async () => {
    await using server = await createTestApp();
    const zip = buildTestZip([
      SKILL,
      { name: 'demo/scripts/run.py', content: 'print("hi")\n' },
      { name: 'demo/logo.png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) },
    ]);
    const response = await upload(server, zip);
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"1"');
    const detail = (await response.json()) as {
      name: string;
      files: Array<{ path: string; mime: string }>;
    };
    expect(detail.name).toBe('demo');
    expect(detail.files.map((file) => [file.path, file.mime])).toEqual([
      ['logo.png', 'image/png'],
      ['scripts/run.py', expect.stringContaining('python')],
    ]);
    const list = await server.request('GET', '/api/skills?source=upload', {
      token: server.owner.token,
    });
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  it('accepts a .md body, a multipart form with a file field, and ?scope=personal', async () => {
    await using server = await createTestApp();
    const markdown = await upload(server, skillText('from-markdown'), { type: 'text/markdown' });
    expect(markdown.status).toBe(201);
    const form = new FormData();
    form.append(
      'file',
      new File(
        [buildTestZip([{ name: 'SKILL.md', content: skillText('from-form') }])],
        'from-form.zip',
      ),
    );
    const multipart = await server.request('POST', '/api/skills/upload?scope=personal', {
      token: server.owner.token,
      body: form,
    });
    expect(multipart.status).toBe(201);
    expect(await multipart.json()).toMatchObject({ name: 'from-form', scope: 'personal' });
    const noFile = new FormData();
    noFile.append('other', 'x');
    const missing = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      body: noFile,
    });
    expect(missing.status).toBe(400);
  });

  it('ignores __MACOSX and .DS_Store entries with a warning', async () => {
    await using server = await createTestApp();
    const response = await upload(
      server,
      buildTestZip([
        SKILL,
        { name: '__MACOSX/demo/._SKILL.md', content: 'junk' },
        { name: 'demo/.DS_Store', content: 'junk' },
      ]),
    );
    expect(response.status).toBe(201);
    const detail = (await response.json()) as { files: unknown[]; issues: Array<{ code: string }> };
    expect(detail.files).toEqual([]);
    expect(detail.issues.map((issue) => issue.code)).toContain('ignored_entry');
  });

  it('refuses a zip-slip entry', async () => {
    await using server = await createTestApp();
    await expectRefused(server, buildTestZip([SKILL, { name: '../evil', content: 'x' }]), {
      status: 400,
      code: 'invalid_package',
      issue: 'zip_slip',
      message: 'Entry "../evil" has a ".." segment',
    });
  });

  it('refuses an absolute path', async () => {
    await using server = await createTestApp();
    await expectRefused(server, buildTestZip([SKILL, { name: '/etc/passwd', content: 'x' }]), {
      status: 400,
      code: 'invalid_package',
      issue: 'absolute_path',
    });
  });

  it('refuses a symbolic link', async () => {
    await using server = await createTestApp();
    const link: TestZipEntry = {
      name: 'demo/link',
      content: '/etc/passwd',
      externalAttributes: 0o120777 * 0x10000,
    };
    await expectRefused(server, buildTestZip([SKILL, link]), {
      status: 400,
      code: 'invalid_package',
      issue: 'symlink_entry',
      message: 'is a symbolic link',
    });
  });

  it('refuses duplicate entries', async () => {
    await using server = await createTestApp();
    await expectRefused(
      server,
      buildTestZip([
        SKILL,
        { name: 'demo/a.txt', content: '1' },
        { name: 'demo/a.txt', content: '2' },
      ]),
      { status: 400, code: 'invalid_package', issue: 'duplicate_entry' },
    );
  });

  it('refuses more than 10,000 files with 413', async () => {
    await using server = await createTestApp();
    const entries: TestZipEntry[] = [SKILL];
    for (let index = 0; index < 10_001; index++)
      entries.push({ name: `demo/f/${index}.txt`, content: '', compress: false });
    await expectRefused(server, buildTestZip(entries), {
      status: 413,
      code: 'package_too_large',
      issue: 'too_many_files',
    });
  });

  it('refuses more than 30 MiB unpacked with 413', async () => {
    await using server = await createTestApp();
    const entries: TestZipEntry[] = [SKILL];
    for (let index = 0; index < 31; index++) {
      entries.push({
        name: `demo/data/${index}.bin`,
        content: randomBytes(1024 * 1024),
        compress: false,
      });
    }
    await expectRefused(server, buildTestZip(entries), {
      status: 413,
      code: 'package_too_large',
      issue: 'package_too_large',
    });
  });

  it('refuses a 1,000:1 compression bomb', async () => {
    await using server = await createTestApp();
    const bomb = { name: 'demo/zeros.txt', content: new Uint8Array(8 * 1024 * 1024) };
    await expectRefused(server, buildTestZip([SKILL, bomb]), {
      status: 400,
      code: 'invalid_package',
      issue: 'compression_bomb',
    });
  });

  it('refuses a file that is not a ZIP', async () => {
    await using server = await createTestApp();
    await expectRefused(server, new TextEncoder().encode('definitely not a zip'), {
      status: 400,
      code: 'invalid_package',
      issue: 'not_a_zip',
    });
  });

  it('refuses a ZIP without SKILL.md', async () => {
    await using server = await createTestApp();
    await expectRefused(server, buildTestZip([{ name: 'demo/README.md', content: '# hi' }]), {
      status: 400,
      code: 'invalid_package',
      issue: 'missing_skill_file',
    });
  });

  it('refuses two skill folders', async () => {
    await using server = await createTestApp();
    await expectRefused(
      server,
      buildTestZip([SKILL, { name: 'other/SKILL.md', content: skillText('other') }]),
      { status: 400, code: 'invalid_package', issue: 'multiple_skill_folders' },
    );
  });

  it('refuses a readable package whose SKILL.md is invalid, and an unsupported media type', async () => {
    await using server = await createTestApp();
    await expectRefused(
      server,
      buildTestZip([{ name: 'demo/SKILL.md', content: '---\nname: demo\n---\n' }]),
      {
        status: 400,
        code: 'invalid_skill',
        issue: 'missing_description',
      },
    );
    const before = await countRows(server);
    const response = await upload(server, 'x', { type: 'image/gif' });
    expect(response.status).toBe(415);
    const empty = await upload(server, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await countRows(server)).toEqual(before);
  });

  it('refuses viewers with 403 and writes nothing', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const before = await countRows(server);
    const response = await upload(server, buildTestZip([SKILL]), { token: viewer.token });
    expect(response.status).toBe(403);
    expect(await countRows(server)).toEqual(before);
  });
});
