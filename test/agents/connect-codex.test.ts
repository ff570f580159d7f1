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
import { type ScriptedModel, startScriptedModel } from '../support/agents/scripted-model.ts';
import { type SkillText, skillsShown } from '../support/agents/skills-shown.ts';
import { runSkillset } from '../support/run-skillset.ts';

/**
 * The real Codex 0.169 in a project holding the 539 corpus skills in `.agents/skills`, alone and
 * after `skillset connect codex`: the hook's suggestions reach the first request with their
 * descriptions, the hook is trusted the way Codex's /hooks screen trusts it (no bypass flag), the
 * model reads a suggested SKILL.md with exec_command, and disconnect restores the user's files.
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
let configFile: string;
let hooksFile: string;
let originalConfig: string;
let originalHooks: string;
let aloneBytes = 0;

const USER_HOOKS = {
  hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 5 }] }] },
};

/** Runs Codex on a prompt, its first loop call answering `activate` when given. */
async function codex(prompt: string, activate?: Parameters<typeof activation.next>[0]) {
  activation.next(activate, model.calls.length);
  return runAgent({
    agent: 'codex',
    prompt,
    project: project.project,
    home: project.home,
    model,
    env,
    // Codex's sandbox helper is not installed under a temporary CODEX_HOME; reading a file needs none.
    args: ['-c', 'sandbox_mode="danger-full-access"'],
  });
}

/** Codex reading a SKILL.md the way it does without a skill tool. */
const readSkill = (file: string) => ({
  toolCalls: [{ name: 'exec_command', input: { cmd: `cat '${file}'` } }],
});

beforeAll(async () => {
  await agentBin('codex');
  project = await createAgentProject();
  skills = await copyCorpusSkills(path.join(project.project, '.agents/skills'));
  const all = await loadDevQueries();
  queries = QUERIES.map((id) => all.find((query) => query.id === id) as DevQuery);
  model = await startScriptedModel(activation.script);
  runtime = await createHookRuntime(project.root);
  env = {
    ...runtime.env,
    HOME: project.home,
    CODEX_HOME: path.join(project.home, '.codex'),
    XDG_CONFIG_HOME: path.join(project.home, '.config'),
    XDG_CACHE_HOME: path.join(project.home, '.cache'),
    PATH: await pathWithAgents(),
  };
  // The user's own settings: a project Codex already trusts, and a hook of theirs.
  configFile = path.join(env.CODEX_HOME as string, 'config.toml');
  await mkdir(env.CODEX_HOME as string, { recursive: true });
  originalConfig = `# my settings\nmodel_reasoning_effort = "low"\n\n[projects.${JSON.stringify(project.project)}]\ntrust_level = "trusted"\n`;
  await writeFile(configFile, originalConfig);
  hooksFile = path.join(project.project, '.codex/hooks.json');
  await mkdir(path.dirname(hooksFile));
  originalHooks = `${JSON.stringify(USER_HOOKS, null, 2)}\n`;
  await writeFile(hooksFile, originalHooks);
}, 600_000);

afterAll(async () => {
  await runtime?.stop();
  await model?.close();
  if (project !== undefined) await rm(project.root, { recursive: true, force: true });
});

describe('Codex, alone', () => {
  it('lists no description of the expected skill, and reads a SKILL.md it is pointed at', async () => {
    const file = path.join(project.project, '.agents/skills', ACTIVATED, 'SKILL.md');
    const run = await codex(queries[1]?.query as string, () => readSkill(file));
    expect(run.exitCode, run.stderr).toBe(0);
    const first = firstLoopCall(run);
    aloneBytes = Buffer.byteLength(first.raw);
    const shown = skillsShown(first, skills);
    console.log(
      `Codex alone: ${shown.listed.size} skills listed, ${shown.described.size} described, first request ${aloneBytes} bytes`,
    );
    expect(shown.described.has(ACTIVATED)).toBe(false);
    expect(await lastCallCarriesBody(run, file)).toBe(true);
  }, 240_000);
});

describe('skillset connect codex', () => {
  it("adds the hook beside the user's and trusts it through Codex's app server", async () => {
    const connected = await runSkillset(['connect', 'codex'], { cwd: project.project, env });
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('+ .codex/hooks.json: added to hooks.UserPromptSubmit');
    expect(connected.stdout).toMatch(
      /\+ trusted the hook Skillset added, hash sha256:[0-9a-f]{64}, in ~\/\.codex\/config\.toml/,
    );
    expect(connected.stdout).not.toContain('!');
    const hooks = JSON.parse(await readFile(hooksFile, 'utf8'));
    expect(hooks.hooks.Stop).toEqual(USER_HOOKS.hooks.Stop);
    expect(await readFile(configFile, 'utf8')).toContain(
      `[hooks.state."${hooksFile}:user_prompt_submit:0:0"]`,
    );
  }, 120_000);

  it('shows the expected skill with its description in the first request, within 25% of Codex alone', async () => {
    for (const query of queries) {
      const run = await codex(query.query);
      expect(run.exitCode, run.stderr).toBe(0);
      const first = firstLoopCall(run);
      const shown = skillsShown(first, skills);
      const bytes = Buffer.byteLength(first.raw);
      console.log(
        `Codex connected, ${query.id}: ${shown.described.size} described, expected ${query.expected.filter((name) => shown.described.has(name)).join(', ') || 'none'} described, first request ${bytes} bytes (alone ${aloneBytes})`,
      );
      expect(query.expected.some((name) => shown.described.has(name))).toBe(true);
      expect(bytes).toBeLessThanOrEqual(aloneBytes * 1.25);
    }
  }, 240_000);

  it('reads the SKILL.md the hook names, and the next request carries its body', async () => {
    let file: string | undefined;
    const run = await codex(queries[1]?.query as string, (call) => {
      const named = new RegExp(`- ${ACTIVATED}: [^\\n]*?\\(file: ([^)]+SKILL\\.md)\\)`).exec(
        JSON.parse(call.raw)
          .input.map((item: { content?: Array<{ text?: string }> }) =>
            (item.content ?? []).map((part) => part.text ?? '').join('\n'),
          )
          .join('\n'),
      );
      file = named?.[1];
      return file === undefined ? { text: 'no suggestion' } : readSkill(file);
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(file).toBe(path.join(project.project, '.agents/skills', ACTIVATED, 'SKILL.md'));
    expect(await lastCallCarriesBody(run, file as string)).toBe(true);
  }, 240_000);
});

describe('skillset disconnect codex', () => {
  it("restores the user's hooks file and config.toml byte for byte", async () => {
    const disconnected = await runSkillset(['disconnect', 'codex'], {
      cwd: project.project,
      env,
    });
    expect(disconnected.exitCode, disconnected.stdout).toBe(0);
    expect(disconnected.stdout).toContain('- removed the trust connect gave the hook');
    expect(await readFile(hooksFile, 'utf8')).toBe(originalHooks);
    expect(await readFile(configFile, 'utf8')).toBe(originalConfig);
  }, 120_000);
});
