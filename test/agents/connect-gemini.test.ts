import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import {
  answerOk,
  type ModelCall,
  type ScriptedModel,
  startScriptedModel,
} from '../support/agents/scripted-model.ts';
import { callText, type SkillText, skillsShown } from '../support/agents/skills-shown.ts';
import { runSkillset } from '../support/run-skillset.ts';

/**
 * The real Gemini CLI 0.61 in a project holding the 539 corpus skills in `.gemini/skills`, alone
 * (every skill described, a first request of ~320 KB; `activate_skill` offered headless only with
 * --approval-mode yolo) and after `skillset connect gemini`: the BeforeAgent hook's suggestions
 * reach the first request with their descriptions in at most a fifth of the bytes, Skillset's MCP
 * `use_skill` loads a suggested skill headless, and disconnect restores the user's settings.
 */

const QUERIES = ['d002', 'd003'];
const ACTIVATED = 'webapp-testing';

let project: AgentProject;
let model: ScriptedModel;
let runtime: HookRuntime;
let skills: SkillText[];
let queries: DevQuery[];
const activation = createActivationScript();
let env: Record<string, string>;
let settingsFile: string;
let originalSettings: string;
let aloneBytes = 0;

async function gemini(
  prompt: string,
  activate?: Parameters<typeof activation.next>[0],
  args: string[] = [],
) {
  activation.next(activate, model.calls.length);
  return runAgent({
    agent: 'gemini',
    prompt,
    project: project.project,
    home: project.home,
    model,
    env,
    args,
  });
}

/** The names of the functions a Gemini call offers. */
function functionNames(call: ModelCall): string[] {
  const tools = (call.body.tools ?? []) as Array<{
    functionDeclarations?: Array<{ name: string }>;
  }>;
  return tools.flatMap((tool) => (tool.functionDeclarations ?? []).map((each) => each.name));
}

beforeAll(async () => {
  await agentBin('gemini');
  project = await createAgentProject();
  skills = await copyCorpusSkills(path.join(project.project, '.gemini/skills'));
  const all = await loadDevQueries();
  queries = QUERIES.map((id) => all.find((query) => query.id === id) as DevQuery);
  model = await startScriptedModel((call, calls) =>
    call.unary ? answerOk(call, calls) : activation.script(call, calls),
  );
  runtime = await createHookRuntime(project.root);
  env = {
    ...runtime.env,
    XDG_CACHE_HOME: path.join(project.home, '.cache'),
    PATH: await pathWithAgents(),
  };
  settingsFile = path.join(project.project, '.gemini/settings.json');
  await mkdir(path.dirname(settingsFile), { recursive: true });
  originalSettings = `${JSON.stringify({ context: { fileName: 'GEMINI.md' }, mcpServers: {} }, null, 2)}\n`;
  await writeFile(settingsFile, originalSettings);
}, 600_000);

afterAll(async () => {
  await runtime?.stop();
  await model?.close();
  if (project !== undefined) await rm(project.root, { recursive: true, force: true });
});

describe('Gemini CLI, alone', () => {
  it('describes every skill in a first request of ~320 KB', async () => {
    const run = await gemini(queries[1]?.query as string);
    expect(run.exitCode, run.stderr).toBe(0);
    const first = firstLoopCall(run);
    aloneBytes = Buffer.byteLength(first.raw);
    const shown = skillsShown(first, skills);
    console.log(
      `Gemini CLI alone: ${shown.listed.size} skills listed, ${shown.described.size} described, first request ${aloneBytes} bytes`,
    );
    expect(shown.described.has(ACTIVATED)).toBe(true);
    expect(functionNames(first)).not.toContain('activate_skill');
  }, 600_000);

  it('offers activate_skill only with --approval-mode yolo, and it loads the skill', async () => {
    const run = await gemini(
      queries[1]?.query as string,
      () => ({ toolCalls: [{ name: 'activate_skill', input: { name: ACTIVATED } }] }),
      ['--approval-mode', 'yolo'],
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(functionNames(firstLoopCall(run))).toContain('activate_skill');
    const file = path.join(project.project, '.gemini/skills', ACTIVATED, 'SKILL.md');
    expect(await lastCallCarriesBody(run, file)).toBe(true);
  }, 600_000);
});

describe('skillset connect gemini', () => {
  it('adds the hook, turns its listing off and adds the MCP server beside the user settings', async () => {
    const connected = await runSkillset(['connect', 'gemini'], { cwd: project.project, env });
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('+ .gemini/settings.json: set skills.enabled to false');
  }, 120_000);

  it('shows the expected skill with its description in a first request at most a fifth of Gemini CLI alone', async () => {
    for (const query of queries) {
      const run = await gemini(query.query);
      expect(run.exitCode, run.stderr).toBe(0);
      const first = firstLoopCall(run);
      const shown = skillsShown(first, skills);
      const bytes = Buffer.byteLength(first.raw);
      console.log(
        `Gemini CLI connected, ${query.id}: ${shown.described.size} described, expected ${query.expected.filter((name) => shown.described.has(name)).join(', ') || 'none'} described, first request ${bytes} bytes (alone ${aloneBytes})`,
      );
      expect(query.expected.some((name) => shown.described.has(name))).toBe(true);
      expect(bytes).toBeLessThanOrEqual(aloneBytes / 5);
    }
  }, 600_000);

  it("loads a suggested skill with Skillset's use_skill in a headless run, and the next request carries its body", async () => {
    let tool: string | undefined;
    const run = await gemini(queries[1]?.query as string, (call) => {
      tool = functionNames(call).find((name) => name.endsWith('use_skill'));
      const suggested = callText(call).includes(`- ${ACTIVATED}: `);
      return tool === undefined || !suggested
        ? { text: 'no suggestion' }
        : { toolCalls: [{ name: tool, input: { skill: ACTIVATED } }] };
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(tool).toBeDefined();
    const file = path.join(project.project, '.gemini/skills', ACTIVATED, 'SKILL.md');
    expect(await lastCallCarriesBody(run, file)).toBe(true);
  }, 600_000);
});

describe('skillset disconnect gemini', () => {
  it("restores the user's settings byte for byte", async () => {
    const disconnected = await runSkillset(['disconnect', 'gemini'], {
      cwd: project.project,
      env,
    });
    expect(disconnected.exitCode, disconnected.stdout).toBe(0);
    expect(await readFile(settingsFile, 'utf8')).toBe(originalSettings);
  }, 120_000);
});
