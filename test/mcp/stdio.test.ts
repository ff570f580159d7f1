import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { buildSkill, createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';
import { createSkillsetMcpTransport } from '../support/skillset-mcp-transport.ts';

/** The `skillset mcp` process behind a transport (the SDK keeps it in a private field). */
function serverProcess(transport: StdioClientTransport): ChildProcess {
  const child = (transport as unknown as { _process?: ChildProcess })._process;
  if (child === undefined) throw new Error('the transport has not started its process');
  return child;
}

/** Ends the server's stdin and resolves with its exit code and signal once it has exited. */
async function endStdin(transport: StdioClientTransport): Promise<[number | null, string | null]> {
  const child = serverProcess(transport);
  const closed = once(child, 'close') as Promise<[number | null, string | null]>;
  child.stdin?.end();
  return closed;
}

describe('skillset mcp (stdio)', () => {
  it('answers a real client session and reports an edit with list_changed', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    await using skills = await createTempDir();
    const [greet] = await writeSkillTree(skills.path, [
      {
        name: 'greet',
        description: 'Greet someone by name.',
        body: 'Say hello to $ARGUMENTS.\n',
        files: { 'notes.md': '# Notes\n' },
      },
      { name: 'secret', description: 'Not for MCP clients.' },
    ]);
    await writeFile(
      join(project.path, 'skillset.json'),
      JSON.stringify({ rules: [{ skill: 'secret', action: 'deny' }] }),
    );
    await mkdir(join(home.path, 'cache'));

    const stderr: string[] = [];
    const transport = createSkillsetMcpTransport({
      args: ['--dir', skills.path],
      cwd: project.path,
      home: home.path,
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    const changed = new Set<string>();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed.add('tools');
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      changed.add('prompts');
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changed.add('resources');
    });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('skillset');

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'use_skill',
        'search_skills',
        'read_skill_file',
      ]);
      const allowed = tools[0]?.inputSchema.properties?.skill as { enum: string[] };
      expect(allowed.enum).toContain('greet');
      expect(allowed.enum).toContain('create-skill');
      expect(allowed.enum).not.toContain('secret');

      const { prompts } = await client.listPrompts();
      expect(prompts.find((prompt) => prompt.name === 'greet')).toMatchObject({
        description: 'Greet someone by name.',
      });
      expect(prompts.map((prompt) => prompt.name)).not.toContain('secret');

      const { resources } = await client.listResources();
      const uris = resources.map((resource) => resource.uri);
      // Each skill's SKILL.md; its other files are in its skills/get manifest.
      expect(uris).toEqual(expect.arrayContaining(['skill://greet/SKILL.md']));
      expect(uris).not.toContain('skill://greet/notes.md');
      expect(uris.some((uri) => uri.startsWith('skill://secret/'))).toBe(false);

      const used = await client.callTool({
        name: 'use_skill',
        arguments: { skill: 'greet', arguments: 'Ada' },
      });
      expect(JSON.stringify(used.content)).toContain('Say hello to Ada.');

      const prompt = await client.getPrompt({ name: 'greet', arguments: { arguments: 'Grace' } });
      expect(JSON.stringify(prompt.messages)).toContain('Say hello to Grace.');

      const notes = await client.readResource({ uri: 'skill://greet/notes.md' });
      expect(notes.contents).toEqual([
        { uri: 'skill://greet/notes.md', mimeType: 'text/markdown', text: '# Notes\n' },
      ]);

      await writeFile(
        join(greet as string, 'SKILL.md'),
        buildSkill({ name: 'greet', description: 'Greet warmly.', body: 'Hi $ARGUMENTS.\n' }),
      );
      await expect.poll(() => changed.size, { timeout: 10_000 }).toBe(3);
      const after = await client.listPrompts();
      expect(after.prompts.find((each) => each.name === 'greet')?.description).toBe(
        'Greet warmly.',
      );
    } finally {
      // The server exits by itself, with 0, once its stdin ends (a client's close, before the SDK
      // would send SIGTERM); one that stayed up would fail this test by its timeout.
      expect(await endStdin(transport)).toEqual([0, null]);
    }
    expect(stderr.join('')).toContain('skillset mcp: serving');
  });

  it('does not scan until a client opened the connection, then scans once', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    await using skills = await createTempDir();
    await writeSkillTree(skills.path, [{ name: 'greet', description: 'Greet someone.' }]);
    await mkdir(join(home.path, 'cache'));
    const start = async () => {
      const transport = createSkillsetMcpTransport({
        args: ['--dir', skills.path],
        cwd: project.path,
        home: home.path,
      });
      const output = { stderr: '', messages: [] as unknown[] };
      transport.stderr?.on('data', (chunk: Buffer) => {
        output.stderr += chunk.toString('utf8');
      });
      transport.onmessage = (message) => output.messages.push(message);
      await transport.start();
      return { transport, output };
    };

    // Closed before any client opened it: the server exits without having scanned.
    const unopened = await start();
    expect(await endStdin(unopened.transport)).toEqual([0, null]);
    expect(unopened.output.stderr).toBe('');

    const opened = await start();
    try {
      await opened.transport.send(mcpInitializeRequest('raw'));
      await expect
        .poll(() => opened.output.messages.length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(opened.output.messages[0]).toMatchObject({
        id: 1,
        result: { serverInfo: { name: 'skillset' } },
      });
      await expect.poll(() => opened.output.stderr, { timeout: 10_000 }).toContain('serving');
    } finally {
      expect(await endStdin(opened.transport)).toEqual([0, null]);
    }
    // All it wrote, now that it has exited: one scan.
    expect(opened.output.stderr).toBe('skillset mcp: serving 2 skills on stdio\n');
  });
});
