import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

// Planted in the tool arguments: it may not reach the collector.
const PLANTED_ARGUMENT = 'planted-argument-93ad01';

describe('skillset mcp with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends a span per tool call and an activation span per use_skill, prompts/get and SKILL.md read, without the arguments', async () => {
    await using receiver = await startOtlpReceiver();
    await using home = await createTempDir();
    await using project = await createTempDir();
    await writeSkillTree(join(project.path, '.agents/skills'), [
      {
        name: 'echo',
        description: 'Repeat the text.',
        body: 'Echo: $ARGUMENTS\n',
        files: { 'notes.md': '# Notes\n' },
      },
    ]);
    const transport = new StdioClientTransport({
      command: skillsetBin,
      args: ['mcp'],
      cwd: project.path,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home.path,
        XDG_CACHE_HOME: join(home.path, 'cache'),
        NO_COLOR: '1',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'telemetry-test', version: '1.0.0' });
    await client.connect(transport);
    const exited = new Promise((resolve) => {
      transport.onclose = () => resolve(undefined);
    });
    try {
      const used = await client.callTool({
        name: 'use_skill',
        arguments: { skill: 'echo', arguments: PLANTED_ARGUMENT },
      });
      expect(JSON.stringify(used.content)).toContain(`Echo: ${PLANTED_ARGUMENT}`);
      const read = await client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'echo', path: 'notes.md' },
      });
      expect(read.isError).toBeFalsy();
      const unknown = await client.callTool({
        name: 'read_skill_file',
        arguments: { skill: `nosuch-${PLANTED_ARGUMENT}`, path: 'x.md' },
      });
      expect(unknown.isError).toBe(true);
      const prompt = await client.getPrompt({
        name: 'echo',
        arguments: { arguments: PLANTED_ARGUMENT },
      });
      expect(JSON.stringify(prompt.messages)).toContain(`Echo: ${PLANTED_ARGUMENT}`);
      await expect(client.getPrompt({ name: `nosuch-${PLANTED_ARGUMENT}` })).rejects.toThrow(
        /Unknown prompt/,
      );
      // A Skills extension host loads a skill by reading its SKILL.md; other files are no activation.
      const loaded = await client.readResource({ uri: 'skill://echo/SKILL.md' });
      expect(JSON.stringify(loaded.contents)).toContain('Echo: $ARGUMENTS');
      await client.readResource({ uri: 'skill://echo/notes.md' });
    } finally {
      await client.close();
      await exited;
    }

    // The server sends its spans before it exits (the receiver keeps them before it answers), so
    // once the process has exited they have all landed.
    const toolCalls = receiver.spans().filter((span) => span.name === 'skillset.tool_call');
    expect(toolCalls.map((span) => span.attributes)).toEqual([
      {
        'skillset.tool.name': 'use_skill',
        'skillset.skill.name': 'echo',
        'skillset.surface': 'model',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
      {
        'skillset.tool.name': 'read_skill_file',
        'skillset.skill.name': 'echo',
        'skillset.surface': 'read',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
      {
        'skillset.tool.name': 'read_skill_file',
        'skillset.surface': 'read',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'refused',
        'skillset.error.code': 'unknown_skill',
      },
    ]);
    const activations = receiver.spans().filter((span) => span.name === 'skillset.activate');
    expect(activations.map((span) => span.attributes)).toEqual([
      {
        'skillset.skill.name': 'echo',
        'skillset.surface': 'model',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
      // prompts/get: the user picked the skill in the client.
      {
        'skillset.skill.name': 'echo',
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
      {
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'refused',
        'skillset.error.code': 'unknown_skill',
      },
      {
        'skillset.skill.name': 'echo',
        'skillset.surface': 'read',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
    ]);
    for (const body of receiver.bodies) expect(body.text).not.toContain(PLANTED_ARGUMENT);
  }, 60_000);
});
