import { describe, expect, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createPolicyGate } from '../tools/create-policy-gate.ts';
import { invokeMessage } from './invoke-message.ts';

function setUp() {
  const registry = createRegistry({
    sources: [
      createMemorySource({
        scope: 'project',
        skills: [
          { text: buildSkill({ name: 'echo', body: 'Echo: $ARGUMENTS\n' }) },
          { text: buildSkill({ name: 'secret', body: 'Hidden.\n' }) },
          { text: buildSkill({ name: 'uses-secret', fields: { references: ['secret'] } }) },
          { text: '---\nname: broken\n---\nNo description.\n', path: 'memory/broken' },
        ],
      }),
    ],
  });
  const policy = createPolicyContext({ config: { rules: [{ skill: 'secret', action: 'deny' }] } });
  const gate = createPolicyGate({ registry, policy });
  return (message: string) =>
    invokeMessage({
      message,
      registry,
      decide: (entry, use) =>
        gate.decide(entry, use === 'invoke' ? 'slash_command' : 'read_skill_file'),
    });
}

describe('invokeMessage', () => {
  it('activates a known skill and passes the rest on as the text', async () => {
    const result = await setUp()('/Echo hello there');
    expect(result).toMatchObject({ success: true, text: 'hello there', unknown: [], refused: [] });
    expect(result.success && result.activations[0]?.activation).toMatchObject({
      name: 'echo',
      kind: 'inline',
    });
  });

  it('keeps a refused skill out of the activations, as text, and says which it was', async () => {
    const result = await setUp()('/echo /secret now');
    if (!result.success) throw new Error(result.error.message);
    expect(result.activations.map((activation) => activation.entry.name)).toEqual(['echo']);
    expect(result.text).toBe('/secret now');
    expect(result.refused.map((refused) => refused.invocation.typed)).toEqual(['secret']);
    expect(result.refused[0]?.decision.allowed).toBe(false);
  });

  it('reports an unknown name without failing', async () => {
    const result = await setUp()('/nope hi');
    expect(result).toMatchObject({ success: true, activations: [], text: '/nope hi' });
    expect(result.success && result.unknown.map((invocation) => invocation.name)).toEqual(['nope']);
  });

  it('fails with invalid_skill for a skill whose SKILL.md has errors', async () => {
    const result = await setUp()('/broken');
    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'invalid_skill',
        message: 'Cannot invoke /broken: the skill has validation errors.',
      },
      entry: { name: 'broken' },
    });
  });

  it('does not read a referenced skill the caller may not read', async () => {
    const result = await setUp()('/uses-secret');
    expect(result).toMatchObject({ success: false, error: { code: 'unknown_reference' } });
    expect(!result.success && result.error.message).toMatch(/^\/uses-secret: /);
  });
});
