import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProject,
  createAgentProject,
  writeSkills,
} from '../support/agents/agent-project.ts';
import type { AgentName } from '../support/agents/install-agent-clis.ts';
import { agentBin } from '../support/agents/install-agent-clis.ts';
import { runAgent } from '../support/agents/run-agent.ts';
import { type ScriptedModel, startScriptedModel } from '../support/agents/scripted-model.ts';
import { loopCalls, skillsShown } from '../support/agents/skills-shown.ts';

/**
 * The real agent CLIs, unconnected, against the scripted model: each lists the skills of its own
 * project folder with their descriptions in its first request (the facts connect builds on).
 */

const SKILLS = [
  {
    name: 'hello-french',
    description: 'Greet the user in French. Use when the user says hello.',
    body: 'Say bonjour.',
  },
  {
    name: 'tax-summary',
    description: 'Summarise a tax return into five lines. Use for tax questions.',
    body: 'List income first.',
  },
  {
    name: 'moon-phase',
    description: 'Tell the phase of the moon for a date. Use for astronomy questions.',
    body: 'Use the synodic month.',
  },
];

const FOLDERS: Record<AgentName, string> = {
  claude: '.claude/skills',
  codex: '.agents/skills',
  opencode: '.opencode/skills',
  gemini: '.agents/skills',
};

describe.each(Object.keys(FOLDERS) as AgentName[])('%s, unconnected', (agent) => {
  let model: ScriptedModel;
  let project: AgentProject;

  beforeAll(async () => {
    await agentBin(agent);
    model = await startScriptedModel();
    project = await createAgentProject();
    await writeSkills(path.join(project.project, FOLDERS[agent]), SKILLS);
  }, 600_000);

  afterAll(async () => {
    await model?.close();
    if (project !== undefined) await rm(project.root, { recursive: true, force: true });
  });

  it('lists its folder skills with their descriptions in the first request', async () => {
    const run = await runAgent({
      agent,
      prompt: 'hi',
      project: project.project,
      home: project.home,
      model,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const [first] = loopCalls(run.calls);
    if (first === undefined) {
      throw new Error(`no loop call among ${run.calls.map((call) => call.path).join(', ')}`);
    }
    const shown = skillsShown(first, SKILLS);
    expect([...shown.described].sort()).toEqual(SKILLS.map((skill) => skill.name).sort());
  }, 180_000);
});
