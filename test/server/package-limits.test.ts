import { readSkillPackage, writeSkillPackage } from '@skillset/core/authoring';
import { createTestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';

const skillText = (name: string) =>
  `---\nname: ${name}\ndescription: A skill with many files.\n---\n\nRead the references.\n`;
const files = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    path: `references/part-${index}.md`,
    bytes: new TextEncoder().encode(`# Part ${index}\n`),
  }));

describe('package limits on the server (the MCP Skills extension’s: 512 files, 16 MiB)', () => {
  it('refuses a 10,000-file ZIP on validate and upload, and more than 512 files as JSON, saving nothing', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const zip = writeSkillPackage({
      folderName: 'huge',
      skillText: skillText('huge'),
      files: files(10_000),
    });
    const validated = await server.request('POST', '/api/skills/validate', {
      token: viewer.token,
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    expect(validated.status).toBe(200);
    expect(await validated.json()).toMatchObject({
      valid: false,
      issues: [
        { code: 'too_many_files', message: expect.stringContaining('more than the 512 allowed') },
      ],
    });
    const uploaded = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    expect(uploaded.status).toBe(413);
    expect(await uploaded.json()).toMatchObject({ error: { code: 'package_too_large' } });
    const created = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: {
        content: skillText('many'),
        files: Object.fromEntries(files(512).map((file) => [file.path, '# x\n'])),
      },
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(await created.json())).toContain('at most 512 files');
    for (const name of ['huge', 'many']) {
      expect(
        (await server.request('GET', `/api/skills/${name}`, { token: server.owner.token })).status,
      ).toBe(404);
    }
  });

  it('takes a package at the limit, and downloads it whole (both done in the package worker)', async () => {
    await using server = await createTestApp();
    const zip = writeSkillPackage({
      folderName: 'full',
      skillText: skillText('full'),
      files: files(511),
    });
    const uploaded = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    expect(uploaded.status).toBe(201);
    const download = await server.request('GET', '/api/skills/full/download', {
      token: server.owner.token,
    });
    expect(download.status).toBe(200);
    const read = readSkillPackage(new Uint8Array(await download.arrayBuffer()));
    expect(read.ok && read.files.length).toBe(511);
  });
});
