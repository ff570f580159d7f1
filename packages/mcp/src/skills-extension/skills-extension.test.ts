import { createHash } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { SKILL_LIMITS, SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type MemorySkillInput,
  type PermissionRule,
} from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectTestClient, ERAS, type Era } from '../connect-test-client.test-util.ts';

const pixel = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
const pdfText = `---
name: pdf
description: "Fill PDF forms: the quoted kind."
license: Apache-2.0
version: 1.0
metadata:
  owner: docs-team
tags: [forms, pdf]
---

# PDF

Pick a template from templates/.
`;

function manyFiles(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`data/${index}.txt`, `${index}`]),
  );
}

const skills: MemorySkillInput[] = [
  {
    text: pdfText,
    files: {
      'forms/SKILL.md': buildSkill({ name: 'forms', description: 'A nested skill.' }),
      'templates/invoice.md': '# Invoice\n',
      'templates/regional/eu.md': '# EU\n',
      'logo.png': pixel,
    },
  },
  { text: buildSkill({ name: 'lint', body: 'Lint.\n' }) },
  { text: buildSkill({ name: 'secret', body: 'Secret.\n' }), files: { 'key.txt': 'k' } },
  { text: buildSkill({ name: 'huge' }), files: manyFiles(SKILL_LIMITS.files) },
  { text: buildSkill({ name: 'wordy', description: `Use it ${'often '.repeat(210)}` }) },
];

const ListPageSchema = z.looseObject({
  skills: z.array(z.looseObject({ frontmatter: z.looseObject({ name: z.string() }) })),
  nextCursor: z.string().optional(),
});

async function connectIn(era: Era, options: { rules?: PermissionRule[]; pageSize?: number } = {}) {
  const registry = createRegistry({ sources: [createMemorySource({ scope: 'project', skills })] });
  const logged: string[] = [];
  const connected = await connectTestClient({
    era,
    registry,
    policy: createPolicyContext({ rules: options.rules ?? [] }),
    ...(options.pageSize === undefined ? {} : { skillsPageSize: options.pageSize }),
  });
  const { client } = connected;
  client.setNotificationHandler('notifications/message', (notification) => {
    logged.push(String(notification.params.data));
  });
  const skillsClient = new SkillsClient(client);
  return {
    client,
    skills: skillsClient,
    logged,
    listSkills: (cursor?: string) => skillsClient.list(cursor === undefined ? {} : { cursor }),
    // One page as the server sent it (the SDK's client follows cursors itself).
    listPage: (cursor?: string) =>
      client.request(
        { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
        ListPageSchema,
      ),
    getSkill: (uri: string) => skillsClient.get(uri),
    readDirectory: (uri: string) => skillsClient.readDirectory(uri),
    async [Symbol.asyncDispose]() {
      await connected.close();
      await registry.close();
    },
  };
}

async function mcpError(promise: Promise<unknown>): Promise<ProtocolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ProtocolError))
    throw new Error(`expected a ProtocolError, got ${String(error)}`);
  return error;
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

function bytesOf(content: { text?: string; blob?: string }): Uint8Array {
  return content.text === undefined
    ? Buffer.from(content.blob ?? '', 'base64')
    : new TextEncoder().encode(content.text);
}

describe.each(ERAS)('Skills extension (SEP-2640), %s era', (era) => {
  const connect = (options: { rules?: PermissionRule[]; pageSize?: number } = {}) =>
    connectIn(era, options);

  it('declares the extension with directoryRead, resources and completions', async () => {
    await using session = await connect();
    const capabilities = session.client.getServerCapabilities();
    expect(capabilities?.extensions?.[SKILLS_EXTENSION_ID]).toEqual({ directoryRead: true });
    expect(capabilities?.resources).toBeDefined();
    expect(capabilities?.completions).toBeDefined();
  });

  it('lists entries with verbatim frontmatter and a manifest of the served bytes', async () => {
    await using session = await connect();
    const listing = await session.listSkills();
    // The cache fields are a 2026-07-28 feature: private (the listing follows the principal's policy).
    if (era === 'modern') expect(listing).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(listing.skills.map((skill) => skill.uri)).toEqual([
      'skill://lint/SKILL.md',
      'skill://pdf/SKILL.md',
      'skill://secret/SKILL.md',
    ]);
    const pdf = listing.skills.find((skill) => skill.uri === 'skill://pdf/SKILL.md');
    expect(pdf?.frontmatter).toEqual({
      name: 'pdf',
      description: 'Fill PDF forms: the quoted kind.',
      license: 'Apache-2.0',
      version: 1,
      metadata: { owner: 'docs-team' },
      tags: ['forms', 'pdf'],
    });
    const manifest = pdf?.resources;
    if (!Array.isArray(manifest)) throw new Error('expected a manifest');
    // Every file, the nested skill's too.
    expect(manifest.map((resource) => resource.uri)).toEqual([
      'skill://pdf/SKILL.md',
      'skill://pdf/forms/SKILL.md',
      'skill://pdf/logo.png',
      'skill://pdf/templates/invoice.md',
      'skill://pdf/templates/regional/eu.md',
    ]);
    for (const resource of manifest) {
      const read = await session.client.readResource({ uri: resource.uri });
      const bytes = bytesOf(read.contents[0] as { text?: string; blob?: string });
      expect(resource.digest).toBe(sha256(bytes));
      expect(resource.size).toBe(bytes.byteLength);
      // The SDK's client checks digest, size and frontmatter of what it reads.
      if (pdf === undefined) throw new Error('expected pdf');
      expect((await session.skills.read(pdf, resource.uri)).verified).toBe(true);
    }
    expect(manifest[0]?.size).toBe(new TextEncoder().encode(pdfText).byteLength);
  });

  it('leaves out a skill over 512 files or breaking the Agent Skills rules and says why', async () => {
    await using session = await connect();
    const listing = await session.listSkills();
    expect(listing.skills.map((skill) => skill.frontmatter.name)).not.toContain('huge');
    if (era === 'legacy') {
      // Said in the log (notifications/message); a 2026-07-28 client asks for logs per request.
      await expect
        .poll(() => session.logged)
        .toEqual([
          'Skill "huge" is left out of skills/list: it has 513 files, over the Skills extension limit of 512 per skill.',
          'Skill "wordy" is left out of skills/list: its description is 1267 characters, over the Agent Skills limit of 1024.',
        ]);
    }
    const error = await mcpError(session.getSkill('skill://huge/SKILL.md'));
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(error.message).toContain('it has 513 files, over the Skills extension limit of 512');
  });

  it('pages the listing with cursors, never splitting an entry', async () => {
    await using session = await connect({ pageSize: 2 });
    const first = await session.listPage();
    expect(first.skills.map((skill) => skill.frontmatter.name)).toEqual(['lint']);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = await session.listPage(first.nextCursor);
    expect(second.skills.map((skill) => skill.frontmatter.name)).toEqual(['pdf', 'secret']);
    const third = await session.listPage(second.nextCursor);
    expect(third.skills).toEqual([]);
    expect(third.nextCursor).toBeUndefined();
    const bad = await mcpError(session.listPage('not-a-cursor'));
    expect(bad.code).toBe(ProtocolErrorCode.InvalidParams);
  });

  it('gets one entry equal to its listing entry, and -32602 for unknown URIs', async () => {
    await using session = await connect();
    const listing = await session.listSkills();
    const got = await session.getSkill('skill://pdf/SKILL.md');
    if (era === 'modern') expect(got).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(got.skill).toEqual(listing.skills.find((skill) => skill.uri === 'skill://pdf/SKILL.md'));
    const unknown = await mcpError(session.getSkill('skill://nope/SKILL.md'));
    expect(unknown.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(unknown.message).toContain('No skill is served at skill://nope/SKILL.md');
    const notSkillMd = await mcpError(session.getSkill('skill://pdf/logo.png'));
    expect(notSkillMd.code).toBe(ProtocolErrorCode.InvalidParams);
  });

  it('reads directories: direct children, subdirectories as inode/directory', async () => {
    await using session = await connect();
    const root = await session.readDirectory('skill://pdf');
    expect(root.resources).toEqual([
      {
        uri: 'skill://pdf/SKILL.md',
        name: 'SKILL.md',
        mimeType: 'text/markdown',
        size: new TextEncoder().encode(pdfText).byteLength,
      },
      { uri: 'skill://pdf/forms', name: 'forms', mimeType: 'inode/directory' },
      { uri: 'skill://pdf/logo.png', name: 'logo.png', mimeType: 'image/png', size: 6 },
      { uri: 'skill://pdf/templates', name: 'templates', mimeType: 'inode/directory' },
    ]);
    const templates = await session.readDirectory('skill://pdf/templates');
    expect(templates.resources.map((child) => child.uri)).toEqual([
      'skill://pdf/templates/invoice.md',
      'skill://pdf/templates/regional',
    ]);
    const file = await mcpError(session.readDirectory('skill://pdf/SKILL.md'));
    expect(file.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(file.message).toContain('skill://pdf/SKILL.md is not a directory resource');
    const missing = await mcpError(session.readDirectory('skill://pdf/nothing'));
    expect(missing.code).toBe(ProtocolErrorCode.InvalidParams);
  });

  it('neither lists, gets nor reads a skill denied by policy', async () => {
    await using session = await connect({
      rules: [{ skill: 'secret', action: 'deny', surface: 'read' }],
    });
    const listing = await session.listSkills();
    expect(listing.skills.map((skill) => skill.frontmatter.name)).not.toContain('secret');
    expect(JSON.stringify(listing)).not.toContain('secret');
    const got = await mcpError(session.getSkill('skill://secret/SKILL.md'));
    expect(got.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(got.message).toContain('No skill is served at skill://secret/SKILL.md');
    const directory = await mcpError(session.readDirectory('skill://secret'));
    expect(directory.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(directory.message).toContain('skill://secret is not a directory resource');
  });
});
