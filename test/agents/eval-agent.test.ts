import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProject,
  createAgentProject,
  writeSkills,
} from '../support/agents/agent-project.ts';
import { type AgentName, agentBin } from '../support/agents/install-agent-clis.ts';
import { agentEnvironment, configureCodexModel } from '../support/agents/run-agent.ts';
import {
  answerOk,
  type ModelTurn,
  type ScriptedModel,
  startScriptedModel,
} from '../support/agents/scripted-model.ts';
import { callText } from '../support/agents/skills-shown.ts';
import { spawnSkillset } from '../support/run-skillset.ts';

/**
 * `skillset eval --agent` through each real agent against the scripted model: one model that
 * activates the skill, the agent's own way, for the queries that should trigger it and answers the
 * others, and one that never activates anything.
 */

const SKILLS = [
  {
    name: 'moon-phase',
    description: 'Tell the phase of the moon for a date. Use for astronomy questions.',
    body: 'Use the synodic month.',
  },
  {
    name: 'tax-summary',
    description: 'Summarise a tax return into five lines. Use for tax questions.',
    body: 'List income first.',
  },
];

const TRIGGER = 'which phase is the moon in tonight';
const NEAR_MISS = 'summarise my tax return in five lines';

/** How each agent activates a skill: its skill tool, or (Codex) a command reading SKILL.md. */
const ACTIVATE: Record<AgentName, ModelTurn> = {
  claude: { toolCalls: [{ name: 'Skill', input: { skill: 'moon-phase' } }] },
  codex: {
    toolCalls: [{ name: 'exec_command', input: { cmd: 'cat .claude/skills/moon-phase/SKILL.md' } }],
  },
  opencode: { toolCalls: [{ name: 'skill', input: { name: 'moon-phase' } }] },
  gemini: { toolCalls: [{ name: 'activate_skill', input: { name: 'moon-phase' } }] },
};

/** Every file below a folder, relative, sorted. */
async function tree(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('.git/'))
    .sort();
}

describe.each([
  'claude',
  'codex',
  'opencode',
  'gemini',
] as const)('skillset eval --agent %s', (agent) => {
  let activates = true;
  let activated = false;
  let offered = '';
  let described = false;
  let model: ScriptedModel;
  let project: AgentProject;
  let env: Record<string, string>;
  let bin: string;

  beforeAll(async () => {
    bin = await agentBin(agent);
    // The scripted model activates the skill once, in the first turn of the query that should.
    model = await startScriptedModel((call, calls) => {
      if (call.unary) return answerOk(call, calls);
      const loop = Array.isArray(call.body.tools) && call.body.tools.length > 0;
      if (activates && !activated && loop && callText(call).includes(TRIGGER)) {
        activated = true;
        offered = JSON.stringify(call.body.tools);
        described = callText(call).includes(SKILLS[0]?.description ?? '');
        return ACTIVATE[agent];
      }
      return { text: 'OK' };
    });
    project = await createAgentProject();
    const skills = path.join(project.project, '.claude/skills');
    await writeSkills(skills, SKILLS);
    await mkdir(path.join(skills, 'moon-phase/evals'));
    await writeFile(
      path.join(skills, 'moon-phase/evals/triggers.json'),
      JSON.stringify([
        { query: TRIGGER, should_trigger: true },
        { query: NEAR_MISS, should_trigger: false },
      ]),
    );
    // Codex makes its sandbox helper only when its home is outside the temporary folder.
    const tmp = path.join(project.root, 'tmp');
    await mkdir(tmp);
    env = await agentEnvironment({ agent, home: project.home, model, env: { TMPDIR: tmp } });
    if (agent === 'codex') await configureCodexModel(project.home, model);
  }, 600_000);

  afterAll(async () => {
    await model?.close();
    if (project !== undefined) await rm(project.root, { recursive: true, force: true });
  });

  it('counts the activations: recall 1 and precision 1, leaving the project as it was', async () => {
    const before = await tree(project.project);
    activates = true;
    activated = false;
    const run = await spawnSkillset(
      ['eval', 'moon-phase', '--agent', agent, '--agent-bin', bin, '--runs', '1', '--json'],
      { cwd: project.project, env },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const [report] = JSON.parse(run.stdout).reports;
    expect(report).toMatchObject({
      skill: 'moon-phase',
      mode: 'agent',
      agent,
      recall: 1,
      precision: 1,
    });
    expect(
      report.cases.map((each: { query: string; triggers: number }) => [each.query, each.triggers]),
    ).toEqual([
      [TRIGGER, 1],
      [NEAR_MISS, 0],
    ]);
    // The agent showed its model the skill (Codex and Gemini CLI do not read .claude/skills: eval
    // copied it into their folder) and offered the tool the scripted model called (Gemini CLI's
    // only with eval's policy file).
    expect(described).toBe(true);
    expect(offered).toContain(`"${ACTIVATE[agent].toolCalls?.[0]?.name}"`);
    expect(await tree(project.project)).toEqual(before);
  }, 600_000);

  it('reports recall 0 for a model that never activates it, and exits 1 under --min-recall', async () => {
    activates = false;
    const cases = path.join(project.root, 'trigger-only.json');
    await writeFile(cases, JSON.stringify([{ query: TRIGGER, should_trigger: true }]));
    const run = await spawnSkillset(
      [
        'eval',
        'moon-phase',
        ...['--eval-set', cases, '--agent', agent, '--agent-bin', bin],
        ...['--runs', '1', '--min-recall', '0.5'],
      ],
      { cwd: project.project, env },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('recall 0.00');
    expect(run.stdout).toContain('below threshold: moon-phase: recall 0.00 is below 0.5');
  }, 600_000);
});
