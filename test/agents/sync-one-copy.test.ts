import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { skillText } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentProject, createAgentProject } from '../support/agents/agent-project.ts';
import { agentBin } from '../support/agents/install-agent-clis.ts';
import { runAgent } from '../support/agents/run-agent.ts';
import { type ScriptedModel, startScriptedModel } from '../support/agents/scripted-model.ts';
import { callText, loopCalls } from '../support/agents/skills-shown.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import { type SyncServer, startSyncServer } from '../support/start-sync-server.ts';

/**
 * `skillset sync` for Claude Code, Codex and OpenCode at once, judged by the real agents: OpenCode
 * reads `.claude/skills` and `.agents/skills` besides its own folder, so a copy in each would be
 * three skills of one name to it.
 */

const DESCRIPTION = 'Explain the tide tables for a harbour. Use for questions about tides.';

let syncServer: SyncServer;
let model: ScriptedModel;
let project: AgentProject;

beforeAll(async () => {
  await Promise.all([agentBin('opencode'), agentBin('codex')]);
  syncServer = await startSyncServer();
  const { server, token, workspaceId } = syncServer;
  const created = await server.store.skills.create({
    scope: 'workspace',
    workspaceId,
    skillMd: skillText('tide-tables', { description: DESCRIPTION }),
    files: [],
  });
  if (!created.ok) throw new Error('could not create tide-tables');
  model = await startScriptedModel();
  project = await createAgentProject();
  const sync = await spawnSkillset(
    [
      'sync',
      '--server',
      server.url,
      '--agent',
      'claude',
      '--agent',
      'codex',
      '--agent',
      'opencode',
    ],
    { cwd: project.project, env: { HOME: project.home, SKILLSET_TOKEN: token } },
  );
  if (sync.exitCode !== 0) throw new Error(`sync failed: ${sync.stdout}${sync.stderr}`);
}, 600_000);

afterAll(async () => {
  await model?.close();
  await syncServer?.[Symbol.asyncDispose]();
  if (project !== undefined) await rm(project.root, { recursive: true, force: true });
});

/** How many times the skill's description is in an agent's first request. */
function copiesShown(calls: Parameters<typeof loopCalls>[0]): number {
  const [first] = loopCalls(calls);
  if (first === undefined) throw new Error('the agent made no call offering tools');
  return callText(first).split(DESCRIPTION).length - 1;
}

describe('skillset sync for claude, codex and opencode, seen by the real agents', () => {
  it('gives OpenCode one copy: no "duplicate skill name" in its log', async () => {
    const run = await runAgent({
      agent: 'opencode',
      prompt: 'hi',
      project: project.project,
      home: project.home,
      model,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(copiesShown(run.calls)).toBe(1);
    const logs = path.join(project.home, '.local/share/opencode/log');
    const text = (
      await Promise.all(
        (await readdir(logs)).map((file) => readFile(path.join(logs, file), 'utf8')),
      )
    ).join('\n');
    expect(text).toContain('creating instance');
    expect(text).not.toContain('duplicate skill name');
  }, 240_000);

  it('gives Codex one copy (from .codex/skills, since OpenCode reads .agents/skills)', async () => {
    const run = await runAgent({
      agent: 'codex',
      prompt: 'hi',
      project: project.project,
      home: project.home,
      model,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(copiesShown(run.calls)).toBe(1);
  }, 240_000);
});
