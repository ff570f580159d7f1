import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { buildSkill, createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';
import { createSkillsetMcpTransport } from '../support/skillset-mcp-transport.ts';

/** Resolves when `check` holds, polling every 20 ms; rejects after `timeoutMs`. */
async function waitUntil(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
      await waitUntil(() => changed.size === 3, 'tools, prompts and resources list_changed');
      const after = await client.listPrompts();
      expect(after.prompts.find((each) => each.name === 'greet')?.description).toBe(
        'Greet warmly.',
      );
    } finally {
      const started = Date.now();
      await client.close();
      // The SDK sends SIGTERM after 2 s: a faster close means the server exited on stdin's end.
      expect(Date.now() - started).toBeLessThan(1900);
    }
    expect(stderr.join('')).toContain('skillset mcp: serving');
  });

  it('does not scan until a client opened the connection, then scans once', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    await using skills = await createTempDir();
    await writeSkillTree(skills.path, [{ name: 'greet', description: 'Greet someone.' }]);
    await mkdir(join(home.path, 'cache'));
    const transport = createSkillsetMcpTransport({
      args: ['--dir', skills.path],
      cwd: project.path,
      home: home.path,
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const messages: unknown[] = [];
    transport.onmessage = (message) => messages.push(message);
    await transport.start();
    try {
      // Long enough for a start-up scan of one skill to end by logging its count.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(stderr).toBe('');
      await transport.send(mcpInitializeRequest('raw'));
      await waitUntil(() => messages.length > 0, 'the initialize result');
      expect(messages[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'skillset' } } });
      await waitUntil(() => stderr.includes('serving'), 'the scan after the opening exchange');
      expect(stderr).toBe('skillset mcp: serving 2 skills on stdio\n');
    } finally {
      await transport.close();
    }
  });
});
