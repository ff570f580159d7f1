import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createPolicyGate } from '../policy/create-policy-gate.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { invokeMessage } from './invoke-message.ts';

function setUp(
  options: { onAttempt?: (name: string, outcome: string, approval: boolean) => void } = {},
) {
  const created = createRegistry({
    sources: [
      createMemorySource({
        scope: 'project',
        skills: [
          { text: buildSkill({ name: 'echo', body: 'Echo: $ARGUMENTS\n' }) },
          { text: buildSkill({ name: 'secret', body: 'Hidden.\n' }) },
          { text: buildSkill({ name: 'uses-secret', fields: { references: ['secret'] } }) },
          { text: buildSkill({ name: 'review', body: 'Review marker.\n' }) },
          { text: buildSkill({ name: 'uses-review', fields: { references: ['review'] } }) },
          { text: '---\nname: broken\n---\nNo description.\n', path: 'memory/broken' },
        ],
      }),
    ],
  });
  // `/echo` of the message "/echo fail" reads a file the source cannot read.
  let failing = false;
  const registry = {
    ...created,
    loadSkill: (...args: Parameters<typeof created.loadSkill>) =>
      failing && (typeof args[0] === 'string' ? args[0] : args[0].name) === 'echo'
        ? Promise.reject(
            new SkillsetError({ code: 'skill_file_unreadable', message: 'EIO: SKILL.md' }),
          )
        : created.loadSkill(...args),
  };
  const policy = createPolicyContext({
    config: {
      rules: [
        { skill: 'secret', action: 'deny' },
        { skill: 'review', surface: 'model', action: 'ask' },
      ],
    },
  });
  const gate = createPolicyGate({ registry, policy });
  return (message: string) => {
    failing = message === '/echo fail';
    return invokeMessage({
      message,
      registry,
      gate,
      entryPoint: 'slash_command',
      ...(options.onAttempt === undefined
        ? {}
        : {
            onAttempt: (entry, outcome, approval) =>
              options.onAttempt?.(entry.name, outcome, approval),
          }),
    });
  };
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

  it('holds back a skill that references one whose text needs approval', async () => {
    const attempts: string[] = [];
    const result = await setUp({
      onAttempt: (name, outcome, approval) => attempts.push(`${name}:${outcome}:${approval}`),
    })('/uses-review');
    if (!result.success) throw new Error(result.error.message);
    expect(
      result.activations.map(({ entry, requiresApproval }) => [entry.name, requiresApproval]),
    ).toEqual([['uses-review', true]]);
    expect(attempts).toEqual(['uses-review:ok:true']);
  });

  it('reports each attempt with its outcome, a thrown error with its code, and rethrows it', async () => {
    const attempts: string[] = [];
    const invoke = setUp({ onAttempt: (name, outcome) => attempts.push(`${name}:${outcome}`) });
    await invoke('/echo hi');
    await invoke('/broken');
    await invoke('/secret');
    await invoke('/nope');
    await expect(invoke('/echo fail')).rejects.toThrow('EIO: SKILL.md');
    expect(attempts).toEqual(['echo:ok', 'broken:invalid_skill', 'echo:skill_file_unreadable']);
  });
});
