import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { createSkillsetMcpTransport } from '../support/skillset-mcp-transport.ts';

// A tool name as a skill body writes it: `snake_case` in backticks.
const TOOL_NAME = /`([a-z]+(?:_[a-z]+)+)`/g;

describe('skillset mcp: built-in skills', () => {
  it('serves built-in skills that call only the tools this server offers', async () => {
    await using home = await createTempDir();
    await using project = await createTempDir();
    const transport = createSkillsetMcpTransport({ cwd: project.path, home: home.path });
    const client = new Client({ name: 'builtin-skills-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const offered = new Set(tools.map((tool) => tool.name));
      const useSkill = tools.find((tool) => tool.name === 'use_skill');
      const skills = (useSkill?.inputSchema.properties?.skill as { enum: string[] }).enum;
      expect(skills).toContain('create-skill');
      for (const skill of skills) {
        const used = await client.callTool({
          name: 'use_skill',
          arguments: { skill, arguments: 'a skill that writes release notes' },
        });
        const prompt = await client.getPrompt({ name: skill, arguments: { arguments: 'notes' } });
        for (const text of [JSON.stringify(used.content), JSON.stringify(prompt.messages)]) {
          const named = [...text.matchAll(TOOL_NAME)].map((match) => match[1]);
          expect({ skill, missing: named.filter((name) => !offered.has(name as string)) }).toEqual({
            skill,
            missing: [],
          });
        }
      }
      const created = await client.callTool({
        name: 'use_skill',
        arguments: { skill: 'create-skill' },
      });
      // Without a tool that saves skills, the model is told how to save one with files.
      expect(JSON.stringify(created.content)).toContain('<skills folder>/<name>/SKILL.md');
    } finally {
      await client.close();
    }
  });
});
