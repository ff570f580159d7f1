import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentProject, createAgentProject } from '../support/agents/agent-project.ts';
import {
  createActivationScript,
  firstLoopCall,
  lastCallCarriesBody,
  pathWithAgents,
} from '../support/agents/connected-agent.ts';
import {
  copyCorpusSkills,
  type DevQuery,
  loadDevQueries,
} from '../support/agents/corpus-skills.ts';
import { createHookRuntime, type HookRuntime } from '../support/agents/hook-runtime.ts';
import { agentBin } from '../support/agents/install-agent-clis.ts';
import { runAgent } from '../support/agents/run-agent.ts';
import { type ScriptedModel, startScriptedModel } from '../support/agents/scripted-model.ts';
import { callText, type SkillText, skillsShown } from '../support/agents/skills-shown.ts';
import { runSkillset } from '../support/run-skillset.ts';

/**
 * The real OpenCode 1.18 in a project holding the 539 corpus skills in `.opencode/skills`, alone
 * (every skill described, a first request of ~300 KB) and after `skillset connect opencode`: the
 * plugin's suggestions reach the first request with their descriptions in at most a fifth of the
 * bytes, OpenCode's skill tool loads a suggested skill, and disconnect leaves the user's plugin.
 */

const QUERIES = ['d002', 'd003'];
const ACTIVATED = 'webapp-testing';
const USER_PLUGIN = 'export const Mine = async () => ({});\n';

let project: AgentProject;
let model: ScriptedModel;
let runtime: HookRuntime;
let skills: SkillText[];
let queries: DevQuery[];
const activation = createActivationScript();
let env: Record<string, string>;
let aloneBytes = 0;

async function opencode(prompt: string, activate?: Parameters<typeof activation.next>[0]) {
  activation.next(activate, model.calls.length);
  return runAgent({
    agent: 'opencode',
    prompt,
    project: project.project,
    home: project.home,
    model,
    env,
  });
}

const loadSkill = (name: string) => ({ toolCalls: [{ name: 'skill', input: { name } }] });

beforeAll(async () => {
  await agentBin('opencode');
  project = await createAgentProject();
  skills = await copyCorpusSkills(path.join(project.project, '.opencode/skills'));
  const all = await loadDevQueries();
  queries = QUERIES.map((id) => all.find((query) => query.id === id) as DevQuery);
  model = await startScriptedModel(activation.script);
  runtime = await createHookRuntime(project.root);
  env = {
    ...runtime.env,
    XDG_CACHE_HOME: path.join(project.home, '.cache'),
    PATH: await pathWithAgents(),
  };
  await mkdir(path.join(project.project, '.opencode/plugins'), { recursive: true });
  await writeFile(path.join(project.project, '.opencode/plugins/mine.js'), USER_PLUGIN);
}, 600_000);

afterAll(async () => {
  await runtime?.stop();
  await model?.close();
  if (project !== undefined) await rm(project.root, { recursive: true, force: true });
});

describe('OpenCode, alone', () => {
  it('describes every skill in a first request of ~300 KB, and its skill tool loads one', async () => {
    const run = await opencode(queries[1]?.query as string, () => loadSkill(ACTIVATED));
    expect(run.exitCode, run.stderr).toBe(0);
    const first = firstLoopCall(run);
    aloneBytes = Buffer.byteLength(first.raw);
    const shown = skillsShown(first, skills);
    console.log(
      `OpenCode alone: ${shown.listed.size} skills listed, ${shown.described.size} described, first request ${aloneBytes} bytes`,
    );
    expect(shown.described.has(ACTIVATED)).toBe(true);
    const file = path.join(project.project, '.opencode/skills', ACTIVATED, 'SKILL.md');
    expect(await lastCallCarriesBody(run, file)).toBe(true);
  }, 600_000);
});

describe('skillset connect opencode', () => {
  it("writes its plugin beside the user's", async () => {
    const connected = await runSkillset(['connect', 'opencode'], { cwd: project.project, env });
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain(
      "+ .opencode/plugins/skillset.js (created): Skillset's OpenCode plugin",
    );
  }, 120_000);

  it('shows the expected skill with its description in a first request at most a fifth of OpenCode alone', async () => {
    for (const query of queries) {
      const run = await opencode(query.query);
      expect(run.exitCode, run.stderr).toBe(0);
      const first = firstLoopCall(run);
      const shown = skillsShown(first, skills);
      const bytes = Buffer.byteLength(first.raw);
      console.log(
        `OpenCode connected, ${query.id}: ${shown.described.size} described, expected ${query.expected.filter((name) => shown.described.has(name)).join(', ') || 'none'} described, first request ${bytes} bytes (alone ${aloneBytes})`,
      );
      expect(query.expected.some((name) => shown.described.has(name))).toBe(true);
      expect(bytes).toBeLessThanOrEqual(aloneBytes / 5);
    }
  }, 600_000);

  it('loads a suggested skill with its skill tool, and the next request carries its body', async () => {
    let suggested = false;
    const run = await opencode(queries[1]?.query as string, (call) => {
      suggested = callText(call).includes(`- ${ACTIVATED}: `);
      return suggested ? loadSkill(ACTIVATED) : { text: 'no suggestion' };
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(suggested).toBe(true);
    const file = path.join(project.project, '.opencode/skills', ACTIVATED, 'SKILL.md');
    expect(await lastCallCarriesBody(run, file)).toBe(true);
  }, 600_000);
});

describe('skillset disconnect opencode', () => {
  it("deletes its plugin and leaves the user's", async () => {
    const disconnected = await runSkillset(['disconnect', 'opencode'], {
      cwd: project.project,
      env,
    });
    expect(disconnected.exitCode, disconnected.stdout).toBe(0);
    const plugins = path.join(project.project, '.opencode/plugins');
    expect(await readdir(plugins)).toEqual(['mine.js']);
    expect(await readFile(path.join(plugins, 'mine.js'), 'utf8')).toBe(USER_PLUGIN);
  }, 120_000);
});
