import { createMemorySource, createPolicyContext, createRegistry } from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { createAgent } from './create-agent.ts';
import { evaluateTriggersWithModel } from './evaluate-triggers-with-model.ts';
import {
  createScriptedModel,
  type ScriptedCall,
  type ScriptedReply,
} from './test/scripted-model.ts';

const skills = [
  buildSkill({ name: 'release-notes', description: 'Write release notes from merged PRs.' }),
  buildSkill({ name: 'commit-message', description: 'Write a commit message for staged work.' }),
];

/** A model that loads `release-notes` when the user says "changelog" and answers otherwise. */
function changelogModel(call: ScriptedCall): ScriptedReply {
  const messages = JSON.parse(call.prompt) as Array<{ role: string; content: unknown }>;
  const asked = JSON.stringify(messages.findLast((each) => each.role === 'user')).toLowerCase();
  if (asked.includes('changelog'))
    return { toolCalls: [{ toolName: 'use_skill', input: { skill: 'release-notes' } }] };
  if (asked.includes('commit'))
    return { toolCalls: [{ toolName: 'use_skill', input: { skill: 'commit-message' } }] };
  return { text: 'Done.' };
}

function sessions(script: Array<ScriptedReply | ((call: ScriptedCall) => ScriptedReply)>) {
  const { model, calls } = createScriptedModel(script);
  const registry = createRegistry({
    sources: [createMemorySource({ scope: 'project', skills: skills.map((text) => ({ text })) })],
  });
  const createSession = () =>
    createAgent({ model, registry, policy: createPolicyContext({ rules: [] }) });
  return { createSession, calls };
}

describe('evaluateTriggersWithModel', () => {
  it('runs each case in fresh conversations and counts the runs whose use_skill names the skill', async () => {
    const { createSession, calls } = sessions(Array(9).fill(changelogModel));
    const report = await evaluateTriggersWithModel({
      skill: 'release-notes',
      model: 'scripted',
      skillCount: 2,
      runs: 3,
      createSession,
      cases: [
        { query: 'write the changelog', shouldTrigger: true },
        { query: 'write a commit message', shouldTrigger: false },
        { query: 'summarize the release', shouldTrigger: true },
      ],
    });
    expect(calls).toHaveLength(9);
    expect(calls[0]?.tools).toContain('use_skill');
    expect(report.cases.map((each) => [each.triggers, each.triggered, each.passed])).toEqual([
      [3, true, true],
      [0, false, true],
      [0, false, false],
    ]);
    expect(report.cases[1]?.chose).toEqual(['commit-message']);
    expect(report.recall).toBe(0.5);
    expect(report.precision).toBe(1);
    expect(report.passAtK).toBeCloseTo(2 / 3);
  });

  it('scores a flaky model per run: pass@k when one run is right, all-k only when every run is', async () => {
    const load = { toolCalls: [{ toolName: 'use_skill', input: { skill: 'release-notes' } }] };
    const { createSession } = sessions([load, { text: 'no' }, { text: 'no' }]);
    const report = await evaluateTriggersWithModel({
      skill: 'release-notes',
      model: 'scripted',
      skillCount: 2,
      runs: 3,
      concurrency: 1,
      createSession,
      cases: [{ query: 'notes for 2.0', shouldTrigger: true }],
    });
    expect(report.cases[0]?.triggerRate).toBeCloseTo(1 / 3);
    expect(report.cases[0]?.triggered).toBe(false);
    expect(report.passAtK).toBe(1);
    expect(report.passAllK).toBe(0);
  });

  it('stops with the model error instead of counting it as no trigger', async () => {
    const { createSession } = sessions([
      () => {
        throw new Error('connection refused');
      },
    ]);
    await expect(
      evaluateTriggersWithModel({
        skill: 'release-notes',
        model: 'scripted',
        skillCount: 2,
        runs: 1,
        createSession,
        cases: [{ query: 'changelog', shouldTrigger: true }],
      }),
    ).rejects.toThrow(/connection refused/);
  });
});
