import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type PermissionRule,
} from '@skillset/core';
import { buildSkill, createMemorySkillStore } from '@skillset/core/test';
import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentApprovalRequest } from './agent-approval.ts';
import type { AgentEvent } from './agent-event.ts';
import { type AgentSkillUse, type CreateAgentOptions, createAgent } from './create-agent.ts';
import { createScriptedModel, type ScriptedReply } from './test/scripted-model.ts';

const skills = [
  buildSkill({
    name: 'release-notes',
    description: 'Write release notes from the merged pull requests.',
    body: 'Write release notes for version $ARGUMENTS. Group by feature.\n',
  }),
  buildSkill({
    name: 'research',
    description: 'Research a topic on its own and report back.',
    fields: { context: 'fork', 'allowed-tools': 'echo' },
    body: 'Research $ARGUMENTS and answer in one line.\n',
  }),
  buildSkill({
    name: 'deploy',
    description: 'Deploy the service to an environment.',
    fields: { 'allowed-tools': 'shell', arguments: [{ name: 'env', required: true }] },
    body: 'Deploy to $env using the shell tool.\n',
  }),
  buildSkill({
    name: 'run-shell',
    description: 'Run a shell command for the user.',
    fields: { 'tool-dispatch': 'shell' },
  }),
  buildSkill({
    name: 'secret-sauce',
    description: 'A skill the policy denies to the model.',
    body: 'The secret recipe is SAUCE-42.\n',
  }),
];

function hostTools(ran: string[]) {
  return {
    echo: tool({
      description: 'Echo the text back.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => {
        ran.push(`echo:${text}`);
        return text;
      },
    }),
    shell: tool({
      description: 'Run a shell command.',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => {
        ran.push(`shell:${command}`);
        return 'done';
      },
    }),
  };
}

function setUp(
  script: Array<ScriptedReply | ((call: { prompt: string; tools: string[] }) => ScriptedReply)>,
  extra: Partial<CreateAgentOptions> & { manage?: boolean } = {},
  rules: PermissionRule[] = [],
) {
  const { model, calls } = createScriptedModel(script);
  const source = createMemorySource({ scope: 'project', skills: skills.map((text) => ({ text })) });
  const registry = createRegistry({ sources: [source] });
  const { manage, ...options } = extra;
  const uses: AgentSkillUse[] = [];
  const ran: string[] = [];
  const agent = createAgent({
    model,
    registry,
    policy: createPolicyContext({
      rules: [{ skill: 'secret-sauce', surface: 'model', action: 'deny' }, ...rules],
    }),
    tools: hostTools(ran),
    onSkillUse: (use) => uses.push(use),
    ...(manage === true ? { store: createMemorySkillStore({ source }) } : {}),
    ...options,
  });
  return { agent, calls, uses, ran, registry };
}

async function run(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

function finalText(events: readonly AgentEvent[]): string | undefined {
  const last = events.at(-1);
  return last?.type === 'finish' ? last.text : undefined;
}

describe('createAgent', () => {
  it('lets the model load a skill with use_skill and answer with its instructions', async () => {
    const { agent, calls, uses } = setUp([
      {
        toolCalls: [{ toolName: 'use_skill', input: { skill: 'release-notes', arguments: '2.1' } }],
      },
      (call) => ({
        text: call.prompt.includes('Write release notes for version 2.1')
          ? 'Notes for 2.1 written.'
          : 'no body',
      }),
    ]);
    const events = await run(agent.send('Please write the release notes for 2.1'));
    expect(finalText(events)).toBe('Notes for 2.1 written.');
    expect(events).toContainEqual({
      type: 'activation',
      skill: 'release-notes',
      kind: 'inline',
      by: 'model',
      alreadyActive: false,
    });
    expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(1);
    expect(uses).toEqual([{ skill: 'release-notes', by: 'model', outcome: 'ok' }]);
    expect(calls[0]?.prompt).toContain('## Skills');
    expect(calls[0]?.prompt).toContain('release-notes');
    expect(agent.activeSkills()).toEqual(['release-notes']);
    expect((await agent.prompt('anything')).system).toContain('## Active skills');
    const history = JSON.stringify(agent.messages());
    expect(history).toContain('Write release notes for version 2.1');
    expect(history).toContain('Notes for 2.1 written.');
  });

  it('refuses a denied skill: not in the catalog, and use_skill returns no body', async () => {
    const { agent, calls, uses } = setUp([
      { toolCalls: [{ toolName: 'use_skill', input: { skill: 'secret-sauce' } }] },
      { text: 'I cannot use that skill.' },
    ]);
    const events = await run(agent.send('Use the secret sauce'));
    expect(finalText(events)).toBe('I cannot use that skill.');
    const result = events.find((event) => event.type === 'tool-result');
    expect(result).toMatchObject({ toolName: 'use_skill', isError: true });
    expect(calls[0]?.prompt).not.toContain('secret-sauce');
    expect(calls[1]?.prompt).not.toContain('SAUCE-42');
    expect(calls[1]?.prompt).toContain('Unknown skill');
    expect(events.some((event) => event.type === 'activation')).toBe(false);
    expect(uses).toEqual([{ skill: 'secret-sauce', by: 'model', outcome: 'invalid_input' }]);
    const prompt = await agent.prompt('secret');
    expect(prompt.trace.find((entry) => entry.skill === 'secret-sauce')).toMatchObject({
      listed: false,
      reason: expect.stringMatching(/deny/i),
    });
  });

  it('runs /name before the model sees the message, and de-duplicates a second activation', async () => {
    const { agent, calls, uses } = setUp([{ text: 'First.' }, { text: 'Second.' }]);
    const first = await run(agent.send('/release-notes 3.0'));
    expect(first[0]).toEqual({
      type: 'activation',
      skill: 'release-notes',
      kind: 'inline',
      by: 'user',
      alreadyActive: false,
    });
    expect(calls[0]?.prompt).toContain('Write release notes for version 3.0');
    const second = await run(agent.send('/release-notes 3.1'));
    expect(second[0]).toMatchObject({
      type: 'activation',
      skill: 'release-notes',
      alreadyActive: true,
    });
    expect(calls[1]?.prompt.match(/Group by feature/g)).toHaveLength(1);
    expect(calls[1]?.prompt).toContain('already active');
    expect(uses.map((use) => use.by)).toEqual(['user', 'user']);
  });

  it('continues a conversation from the history and active skills of an earlier session', async () => {
    const first = setUp([{ text: 'First.' }]);
    await run(first.agent.send('/release-notes 3.0'));
    const { agent, calls } = setUp([{ text: 'Second.' }], {
      history: first.agent.messages(),
      activeSkills: first.agent.activeSkills(),
    });
    const events = await run(agent.send('/release-notes 3.1'));
    expect(events[0]).toMatchObject({ skill: 'release-notes', alreadyActive: true });
    expect(calls[0]?.prompt).toContain('First.');
    expect(calls[0]?.prompt.match(/Group by feature/g)).toHaveLength(1);
    expect(agent.messages()).toHaveLength(first.agent.messages().length + 2);
  });

  it('stops on an invocation error without calling the model', async () => {
    const { agent, calls } = setUp([]);
    const events = await run(agent.send('/deploy'));
    expect(events).toEqual([{ type: 'error', message: expect.stringContaining('env') }]);
    expect(calls).toHaveLength(0);
    expect(agent.activeSkills()).toEqual([]);
  });

  it('runs a fork skill as a sub-agent with no history and only its allowed tools', async () => {
    const { agent, calls, ran } = setUp([
      { text: 'Earlier answer with PRIVATE-HISTORY.' },
      { toolCalls: [{ toolName: 'use_skill', input: { skill: 'research', arguments: 'tides' } }] },
      { toolCalls: [{ toolName: 'echo', input: { text: 'tides are lunar' } }] },
      { text: 'Tides follow the moon.' },
      (call) => ({
        text: call.prompt.includes('Tides follow the moon.')
          ? 'The sub-agent says: tides follow the moon.'
          : 'missing',
      }),
    ]);
    await run(agent.send('Remember PRIVATE-HISTORY'));
    const events = await run(agent.send('Find out about tides'));
    expect(finalText(events)).toBe('The sub-agent says: tides follow the moon.');
    const forkCall = calls[2];
    expect(forkCall?.prompt).toContain('Research tides');
    expect(forkCall?.prompt).not.toContain('PRIVATE-HISTORY');
    expect(forkCall?.tools).toEqual(['echo', 'read_skill_file']);
    expect(ran).toEqual(['echo:tides are lunar']);
    expect(events).toContainEqual({
      type: 'activation',
      skill: 'research',
      kind: 'fork',
      by: 'model',
      alreadyActive: false,
    });
  });

  it("asks before a tool that needs approval, unless an active skill's allowed-tools names it", async () => {
    const approvals: AgentApprovalRequest[] = [];
    const { agent, calls, ran } = setUp(
      [
        { toolCalls: [{ toolName: 'shell', input: { command: 'rm -rf build' } }] },
        { text: 'Okay, I did not run it.' },
        { toolCalls: [{ toolName: 'shell', input: { command: 'deploy staging' } }] },
        { text: 'Deployed.' },
      ],
      {
        approvalTools: ['shell'],
        approve: (request) => {
          approvals.push(request);
          return false;
        },
      },
    );
    const refused = await run(agent.send('Clean the build folder'));
    expect(finalText(refused)).toBe('Okay, I did not run it.');
    expect(approvals).toEqual([
      { kind: 'tool', tool: 'shell', input: { command: 'rm -rf build' } },
    ]);
    expect(calls[1]?.prompt).toContain('the person declined this call');
    expect(ran).toEqual([]);

    const deployed = await run(agent.send('/deploy staging'));
    expect(finalText(deployed)).toBe('Deployed.');
    expect(approvals).toHaveLength(1);
    expect(ran).toEqual(['shell:deploy staging']);
  });

  it('offers a tool-dispatch skill as skill_<name>, asking for approval as its tool does', async () => {
    const approvals: AgentApprovalRequest[] = [];
    const { agent, calls, ran } = setUp(
      [
        { toolCalls: [{ toolName: 'skill_run-shell', input: { command: 'ls' } }] },
        { text: 'Listed.' },
      ],
      {
        approvalTools: ['shell'],
        approve: (request) => {
          approvals.push(request);
          return true;
        },
      },
    );
    expect(finalText(await run(agent.send('List the files')))).toBe('Listed.');
    expect(calls[0]?.tools).toContain('skill_run-shell');
    expect(approvals).toEqual([{ kind: 'tool', tool: 'shell', input: { command: 'ls' } }]);
    expect(ran).toEqual(['shell:ls']);
  });

  it('asks a person where a rule says ask, and reports a refusal to the model', async () => {
    const approvals: AgentApprovalRequest[] = [];
    const { agent, calls, uses } = setUp(
      [
        {
          toolCalls: [
            { toolName: 'use_skill', input: { skill: 'release-notes', arguments: '1.0' } },
          ],
        },
        { text: 'The use was declined.' },
      ],
      {
        approve: (request) => {
          approvals.push(request);
          return false;
        },
      },
      [{ skill: 'release-notes', action: 'ask' }],
    );
    const events = await run(agent.send('Release notes for 1.0'));
    expect(finalText(events)).toBe('The use was declined.');
    expect(approvals).toMatchObject([{ kind: 'skill', skill: 'release-notes', tool: 'use_skill' }]);
    expect(calls[1]?.prompt).toContain('declined');
    expect(calls[1]?.prompt).not.toContain('Group by feature');

    const typed = await run(agent.send('/release-notes 1.0'));
    expect(typed).toEqual([{ type: 'error', message: 'Using skill release-notes was declined.' }]);
    expect(agent.activeSkills()).toEqual([]);
    expect(uses).toEqual([
      { skill: 'release-notes', by: 'model', outcome: 'approval_denied' },
      { skill: 'release-notes', by: 'user', outcome: 'approval_denied' },
    ]);
  });

  it('reports a refused /name as permission_denied, and an approved one as a use', async () => {
    const { agent, uses } = setUp(
      [{ text: 'Sent as text.' }, { text: 'Approved.' }],
      { approve: () => true },
      [
        { skill: 'secret-sauce', surface: 'user', action: 'deny' },
        { skill: 'release-notes', surface: 'user', action: 'ask' },
      ],
    );
    const refused = await run(agent.send('/secret-sauce now'));
    expect(refused[0]).toMatchObject({ type: 'notice' });
    await run(agent.send('/release-notes 2.0'));
    expect(uses).toEqual([
      { skill: 'secret-sauce', by: 'user', outcome: 'permission_denied' },
      { skill: 'release-notes', by: 'user', outcome: 'ok' },
    ]);
  });

  it('offers to save a worked-out procedure only when it can manage skills, and saves it', async () => {
    const plain = setUp([]).agent;
    expect((await plain.prompt('hi')).system).not.toContain('create_skill');
    const skill = {
      name: 'rotate-logs',
      description: 'Rotate the service logs. Use when disks fill up.',
      body: '1. gzip old logs\n2. delete those past 30 days\n',
    };
    const { agent, calls, registry } = setUp(
      [
        { toolCalls: [{ toolName: 'create_skill', input: skill }] },
        { text: 'Saved as rotate-logs.' },
      ],
      { manage: true },
    );
    expect((await agent.prompt('hi')).system).toContain(
      'offer to save it as a skill with create_skill',
    );
    const events = await run(agent.send('Yes, save that procedure'));
    expect(finalText(events)).toBe('Saved as rotate-logs.');
    expect(calls[0]?.tools).toContain('create_skill');
    expect((await registry.resolve('rotate-logs'))?.description).toBe(skill.description);
  });

  it('ranks the catalog by the message and keeps it within the budget', async () => {
    const { agent } = setUp([]);
    const ranked = await agent.prompt('deploy the service to staging');
    expect(ranked.catalog.entries[0]?.name).toBe('deploy');
    const bySynonym = await agent.prompt('investigate this please');
    expect(bySynonym.catalog.entries[0]?.name).toBe('research');
    const stable = setUp([], { catalog: { mode: 'stable' } }).agent;
    expect(
      (await stable.prompt('deploy the service')).catalog.entries.map((entry) => entry.name),
    ).toEqual(['deploy', 'release-notes', 'research', 'run-shell']);
    const small = setUp([], { catalog: { budget: 12 } }).agent;
    const cut = await small.prompt('deploy the service');
    expect(cut.catalog.tokens).toBeLessThanOrEqual(12);
    expect(cut.catalog.omitted).toBeGreaterThan(0);
    expect(cut.trace.filter((entry) => entry.reason.startsWith('Left out'))).not.toHaveLength(0);
  });

  it('reports a failing model as one error event and keeps the conversation unchanged', async () => {
    const { agent } = setUp([
      () => {
        throw new Error('connection refused');
      },
    ]);
    const events = await run(agent.send('/release-notes 9'));
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: expect.stringContaining('connection refused'),
    });
    expect(agent.messages()).toEqual([]);
    expect(agent.activeSkills()).toEqual([]);
  });
});
