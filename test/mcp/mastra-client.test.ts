import { join } from 'node:path';
import { noopObserve } from '@mastra/core/tools';
import { MCPClient } from '@mastra/mcp';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';

describe("skillset mcp through Mastra's MCPClient", () => {
  it('runs use_skill given only the skill: the client validates input against the plain schema', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    await using skills = await createTempDir();
    await writeSkillTree(skills.path, [
      { name: 'greet', description: 'Greet someone by name.', body: 'Say hello warmly.\n' },
    ]);
    const client = new MCPClient({
      id: 'mastra-client-test',
      servers: {
        skillset: {
          command: skillsetBin,
          args: ['mcp', '--dir', skills.path],
          cwd: project.path,
          inheritDefaultEnv: false,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home.path,
            XDG_CACHE_HOME: join(home.path, 'cache'),
            XDG_CONFIG_HOME: join(home.path, 'config'),
            NO_COLOR: '1',
          },
          stderr: 'pipe',
        },
      },
    });
    try {
      const tools = await client.listTools();
      expect(Object.keys(tools)).toEqual(
        expect.arrayContaining(['skillset_use_skill', 'skillset_read_skill_file']),
      );
      const result = await tools.skillset_use_skill?.execute?.(
        { skill: 'greet' },
        { observe: noopObserve },
      );
      expect(JSON.stringify(result)).toContain('Say hello warmly.');
      expect(result).not.toHaveProperty('error');
    } finally {
      await client.disconnect();
    }
  }, 30_000);
});
