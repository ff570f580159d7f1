import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../policy/permission-rule.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import type { AvailableTool } from './create-dispatch-tools.ts';
import { createSkillTools } from './create-skill-tools.ts';

const skills = [
  {
    text: buildSkill({
      name: 'search-web',
      description: 'Search the web.',
      fields: { 'tool-dispatch': 'web_search' },
    }),
  },
  {
    text: buildSkill({
      name: 'send-mail',
      description: 'Send mail.',
      fields: { 'command-tool': 'mailer' },
    }),
  },
  { text: buildSkill({ name: 'plain', description: 'No dispatch.' }) },
];

const webSearch: AvailableTool = {
  name: 'web_search',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  execute: (input) => ({ results: [`found ${(input as { q: string }).q}`] }),
};

async function dispatchTools(rules: PermissionRule[] = [], availableTools = [webSearch]) {
  const registry = createRegistry({ sources: [createMemorySource({ scope: 'project', skills })] });
  const tools = await createSkillTools({
    registry,
    policy: createPolicyContext({ rules }),
    availableTools,
  });
  return tools.filter((tool) => tool.name.startsWith('skill_'));
}

describe('dispatch wrappers', () => {
  it('wraps a skill only when its target tool is available, with the target schema plain and in strict form', async () => {
    const [wrapper, ...others] = await dispatchTools();
    expect(others).toEqual([]);
    expect(wrapper?.name).toBe('skill_search-web');
    expect(wrapper?.description).toBe('[Skill: search-web] Search the web.');
    expect(wrapper?.inputSchema).toEqual(webSearch.inputSchema);
    expect(wrapper?.strictInputSchema).toEqual({
      ...webSearch.inputSchema,
      additionalProperties: false,
    });
    expect(await wrapper?.execute({ q: 'skills' })).toEqual({
      ok: true,
      text: '{"results":["found skills"]}',
      data: { results: ['found skills'] },
    });
  });

  it('gives no strict form when the target schema cannot be made strict', async () => {
    const open: AvailableTool = {
      ...webSearch,
      inputSchema: { type: 'object', properties: { headers: { type: 'object' } } },
    };
    const [wrapper] = await dispatchTools([], [open]);
    expect(wrapper?.inputSchema).toEqual(open.inputSchema);
    expect(wrapper).not.toHaveProperty('strictInputSchema');
  });

  it('creates none without available tools, and none for a denied skill', async () => {
    expect(await dispatchTools([], [])).toEqual([]);
    expect(
      await dispatchTools([{ skill: 'search-web', surface: 'model', action: 'deny' }]),
    ).toEqual([]);
  });

  it('returns a failure when the target tool throws', async () => {
    const failing: AvailableTool = {
      ...webSearch,
      execute: () => {
        throw new Error('offline');
      },
    };
    const [wrapper] = await dispatchTools([], [failing]);
    expect(await wrapper?.execute({ q: 'x' })).toEqual({
      ok: false,
      error: { code: 'tool_failed', message: 'The tool failed unexpectedly: offline' },
    });
  });
});
