import { createHash } from 'node:crypto';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SKILL_LIMITS,
  SKILLS_EXTENSION_ID,
  type Skill,
} from '@modelcontextprotocol/core/ext/skills';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import {
  GetSkillResultSchema,
  ListSkillsResultSchema,
  ReadResourceDirectoryResultSchema,
} from '../support/skills-extension-schemas.ts';
import { createSkillsetMcpTransport } from '../support/skillset-mcp-transport.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10]);

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

describe('skillset mcp serves the Skills extension over stdio', () => {
  it('lists in pages, gets, reads directories, verifies digests, applies limits and policy', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    await using skills = await createTempDir();
    await writeSkillTree(skills.path, [
      {
        name: 'pdf',
        skillFileName: 'skill.md',
        text: '---\nname: pdf\ndescription: "Fill PDF forms."\nversion: 2.0\nallowed-tools: Read Grep\n---\n\nUse templates/.\n',
        files: { 'templates/invoice.md': '# Invoice\n', 'assets/logo.png': png },
      },
      { name: 'secret', description: 'Not for MCP clients.' },
      { name: 'huge', description: 'Too big to serve as one skill.', files: { 'blob.bin': '' } },
      ...Array.from({ length: 55 }, (_, index) => ({
        name: `filler-${String(index).padStart(2, '0')}`,
        body: `Filler ${index}.\n`,
      })),
    ]);
    await truncate(join(skills.path, 'huge', 'blob.bin'), SKILL_LIMITS.bytes);
    await writeFile(
      join(project.path, 'skillset.json'),
      JSON.stringify({ rules: [{ skill: 'secret', action: 'deny' }] }),
    );
    await mkdir(join(home.path, 'cache'));
    const transport = createSkillsetMcpTransport({
      args: ['--dir', skills.path],
      cwd: project.path,
      home: home.path,
    });
    const client = new Client({ name: 'skills-stdio-test', version: '1.0.0' });
    const leftOut: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      leftOut.push(String(notification.params.data));
    });
    await client.connect(transport);
    try {
      expect(client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION_ID]).toEqual({
        directoryRead: true,
      });

      const listed: Skill[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.request(
          { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
          ListSkillsResultSchema,
        );
        listed.push(...page.skills);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== undefined);
      const names = listed.map((entry) => entry.frontmatter.name);
      expect(pages).toBe(2);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('pdf');
      expect(names).toContain('create-skill');
      expect(names).not.toContain('secret');
      expect(names).not.toContain('huge');
      expect(listed).toHaveLength(57);
      // A skill left out is said in the log (notifications/message), with the reason.
      await expect
        .poll(() => leftOut)
        .toEqual([
          expect.stringMatching(
            /^Skill "huge" is left out of skills\/list: its files total \d+ bytes, over the Skills extension limit of 16777216 bytes \(16 MiB\) per skill\.$/,
          ),
        ]);

      const { skill: pdf } = await client.request(
        { method: 'skills/get', params: { uri: 'skill://pdf/SKILL.md' } },
        GetSkillResultSchema,
      );
      expect(pdf).toEqual(listed.find((entry) => entry.uri === 'skill://pdf/SKILL.md'));
      expect(pdf.frontmatter).toEqual({
        name: 'pdf',
        description: 'Fill PDF forms.',
        version: 2,
        'allowed-tools': 'Read Grep',
      });
      if (!Array.isArray(pdf.resources)) throw new Error('expected a manifest');
      expect(pdf.resources.map((resource) => resource.uri)).toEqual([
        'skill://pdf/SKILL.md',
        'skill://pdf/assets/logo.png',
        'skill://pdf/templates/invoice.md',
      ]);
      for (const resource of pdf.resources) {
        const { contents } = await client.readResource({ uri: resource.uri });
        const content = contents[0] as { text?: string; blob?: string };
        const bytes =
          content.blob === undefined
            ? new TextEncoder().encode(content.text)
            : Buffer.from(content.blob, 'base64');
        expect(resource.digest, resource.uri).toBe(sha256(bytes));
        expect(resource.size, resource.uri).toBe(bytes.byteLength);
      }
      expect(pdf.resources[1]?.size).toBe(png.byteLength);

      const root = await client.request(
        { method: 'resources/directory/read', params: { uri: 'skill://pdf' } },
        ReadResourceDirectoryResultSchema,
      );
      expect(root.resources.map((child) => [child.name, child.mimeType])).toEqual([
        ['SKILL.md', 'text/markdown'],
        ['assets', 'inode/directory'],
        ['templates', 'inode/directory'],
      ]);

      for (const uri of ['skill://secret/SKILL.md', 'skill://nothing/SKILL.md']) {
        const error = await rejection(
          client.request({ method: 'skills/get', params: { uri } }, GetSkillResultSchema),
        );
        expect(error.code, uri).toBe(ErrorCode.InvalidParams);
        expect(error.message, uri).toContain(`No skill is served at ${uri}`);
      }
      const secretDirectory = await rejection(
        client.request(
          { method: 'resources/directory/read', params: { uri: 'skill://secret' } },
          ReadResourceDirectoryResultSchema,
        ),
      );
      expect(secretDirectory.code).toBe(ErrorCode.InvalidParams);

      const typo = await client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'pfd', path: 'templates/invoice.md' },
      });
      expect(typo.isError).toBe(true);
      expect(typo.content).toEqual([
        { type: 'text', text: expect.stringMatching(/did you mean "pdf"/i) },
      ]);
      expect(JSON.stringify(typo.content)).not.toContain('filler-');
    } finally {
      await client.close();
    }
  });
});
