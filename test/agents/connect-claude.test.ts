import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentProject, createAgentProject } from '../support/agents/agent-project.ts';
import { bodyLine } from '../support/agents/connected-agent.ts';
import {
  copyCorpusSkills,
  type DevQuery,
  loadDevQueries,
} from '../support/agents/corpus-skills.ts';
import { createHookRuntime, type HookRuntime } from '../support/agents/hook-runtime.ts';
import { agentBin } from '../support/agents/install-agent-clis.ts';
import { type AgentRun, runAgent } from '../support/agents/run-agent.ts';
import { type ScriptedModel, startScriptedModel } from '../support/agents/scripted-model.ts';
import {
  callText,
  loopCalls,
  type SkillText,
  skillsShown,
} from '../support/agents/skills-shown.ts';
import { spawnSkillset } from '../support/run-skillset.ts';

/**
 * `skillset connect claude` with the real Claude Code against the scripted model, in a project
 * whose `.claude/skills` holds the 539 corpus skills and whose `.claude/settings.json` already has
 * hooks and permissions of its own: the first request describes the skill a dev query needs (it
 * did not before), the `Skill` tool still loads it, and disconnect restores the settings.
 */

/** Three dev queries whose skills Claude Code alone lists without a description. */
const QUERY_IDS = ['d003', 'd007', 'd019'];

const USER_MARK = 'USER-HOOK-MARK-42';

const SETTINGS = {
  permissions: { allow: ['Bash(npm test)'], deny: ['Read(./.env)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo ${USER_MARK}` }] }],
  },
};

let model: ScriptedModel;
let project: AgentProject;
let skills: SkillText[];
let queries: DevQuery[];
let hookRuntime: HookRuntime;
/** The skills the current query needs: the scripted model loads the first one suggested, else the first. */
let wanted: string[] = [];
let loadedThisRun: string | undefined;

/** The names the hook suggested in a request's text, in order. */
function suggested(text: string): string[] {
  const start = text.indexOf('load it with the Skill tool before you act:');
  if (start < 0) return [];
  return [...text.slice(start).matchAll(/ - ([a-z0-9-]+): /g)].map((match) => match[1] as string);
}

beforeAll(async () => {
  await agentBin('claude');
  project = await createAgentProject();
  hookRuntime = await createHookRuntime(project.root);
  skills = await copyCorpusSkills(path.join(project.project, '.claude/skills'));
  expect(skills).toHaveLength(539);
  await writeFile(
    path.join(project.project, '.claude/settings.json'),
    `${JSON.stringify(SETTINGS, null, 2)}\n`,
  );
  queries = (await loadDevQueries()).filter((query) => QUERY_IDS.includes(query.id));
  model = await startScriptedModel((call) => {
    if (!Array.isArray(call.body.tools) || loadedThisRun !== undefined) return { text: 'Done.' };
    const names = suggested(callText(call));
    loadedThisRun = names.find((name) => wanted.includes(name)) ?? names[0] ?? wanted[0];
    return { toolCalls: [{ name: 'Skill', input: { skill: loadedThisRun } }] };
  });
}, 600_000);

afterAll(async () => {
  await model?.close();
  await hookRuntime?.stop();
  if (project !== undefined) await rm(project.root, { recursive: true, force: true });
});

const skillsetEnv = () => ({
  HOME: project.home,
  XDG_CONFIG_HOME: path.join(project.home, '.config'),
  XDG_CACHE_HOME: path.join(project.home, '.cache'),
});

/** One `claude -p` run of a dev query; the model loads a skill with `Skill` on its first turn. */
async function ask(query: DevQuery): Promise<AgentRun> {
  wanted = query.expected;
  loadedThisRun = undefined;
  const run = await runAgent({
    agent: 'claude',
    prompt: query.query,
    project: project.project,
    home: project.home,
    model,
    env: hookRuntime.env,
  });
  expect(run.exitCode, run.stderr).toBe(0);
  return run;
}

/** The first request, what it shows of the query's skills, and whether the skill's body came back. */
async function inspect(query: DevQuery, run: AgentRun) {
  const [first, second] = loopCalls(run.calls);
  if (first === undefined || second === undefined) {
    throw new Error(`expected two loop calls, got ${loopCalls(run.calls).length}`);
  }
  const shown = skillsShown(first, skills);
  const loaded = loadedThisRun as string;
  return {
    described: query.expected.filter((name) => shown.described.has(name)),
    bytes: shown.bytes,
    text: callText(first),
    suggested: suggested(callText(first)),
    loaded,
    bodyArrived: callText(second).includes(
      await bodyLine(path.join(project.project, '.claude/skills', loaded, 'SKILL.md')),
    ),
  };
}

describe('skillset connect claude, with the real Claude Code and 539 skills', () => {
  const alone = new Map<string, Awaited<ReturnType<typeof inspect>>>();

  it('alone, Claude Code lists the skills these queries need without their descriptions; Skill loads them', async () => {
    for (const query of queries) {
      const seen = await inspect(query, await ask(query));
      alone.set(query.id, seen);
      expect(seen.described, query.id).toEqual([]);
      expect(seen.text).toContain(USER_MARK);
      expect(seen.loaded).toBe(query.expected[0]);
      expect(seen.bodyArrived, `${query.id}: the body of ${seen.loaded}`).toBe(true);
    }
  }, 600_000);

  it('connected, the first request describes the right skill for each query, the user hook still runs, and the suggested skill loads', async () => {
    const connected = await spawnSkillset(['connect', 'claude'], {
      cwd: project.project,
      env: skillsetEnv(),
    });
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('Skills Claude Code reads: 539 in .claude/skills.');
    const settings = JSON.parse(
      await readFile(path.join(project.project, '.claude/settings.json'), 'utf8'),
    );
    expect(settings.permissions).toEqual(SETTINGS.permissions);
    expect(settings.hooks.PreToolUse).toEqual(SETTINGS.hooks.PreToolUse);
    expect(settings.hooks.UserPromptSubmit).toHaveLength(2);

    const results: string[] = [];
    for (const query of queries) {
      const seen = await inspect(query, await ask(query));
      const before = alone.get(query.id);
      results.push(
        `${query.id}: described ${seen.described.join(', ') || 'none'} (alone: ${before?.described.join(', ') || 'none'}); suggested ${seen.suggested.join(', ')}; first request ${seen.bytes} bytes (alone ${before?.bytes}); loaded ${seen.loaded}`,
      );
      expect(seen.described.length, query.id).toBeGreaterThan(0);
      expect(seen.suggested).toHaveLength(10);
      expect(seen.text).toContain('UserPromptSubmit hook additional context');
      expect(seen.text).toContain(USER_MARK);
      expect(query.expected).toContain(seen.loaded);
      expect(seen.bodyArrived, `${query.id}: the body of ${seen.loaded}`).toBe(true);
      expect(seen.bytes).toBeLessThanOrEqual((before?.bytes ?? 0) * 1.25);
    }
    console.log(results.join('\n'));
  }, 600_000);

  it('disconnect restores the meaning of .claude/settings.json and removes its record', async () => {
    const disconnected = await spawnSkillset(['disconnect', 'claude'], {
      cwd: project.project,
      env: skillsetEnv(),
    });
    expect(disconnected.exitCode, disconnected.stderr).toBe(0);
    expect(
      JSON.parse(await readFile(path.join(project.project, '.claude/settings.json'), 'utf8')),
    ).toEqual(SETTINGS);
    expect(await readdir(project.project)).not.toContain('skillset-connections.json');
  }, 120_000);
});
