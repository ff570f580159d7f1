import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTempDir, type TempDir } from '@skillset/core/test';
import type { RunningServer } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { type SyncServer, startSyncServer } from '../support/start-sync-server.ts';

/**
 * Issue 37 from a terminal: skills kept in git are pushed by the real `skillset` process to a real
 * server; where review is required they wait as proposals until a second person approves them with
 * `skillset review`, and only then does `skillset sync` install them.
 */

const run = promisify(execFile);

let syncServer: SyncServer;
let server: RunningServer;
let ownerToken: string;
let workspaceId: string;
let memberToken: string;
let reviewerToken: string;
let agentToken: string;
let scratch: TempDir;
let checkout: string;
let env: Record<string, string>;

async function api(method: string, route: string, token: string, json?: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${body}`);
  return JSON.parse(body);
}

/** A person of the owner's workspace with a token of their own. */
async function addPerson(name: string, role: 'member' | 'admin') {
  const user = await server.store.users.create({ name });
  await server.store.members.add({ workspaceId, userId: user.id, role });
  const { token } = await server.store.tokens.create({
    name: 'laptop',
    principal: { kind: 'user', userId: user.id },
  });
  return { userId: user.id, token };
}

/** Writes a skill into the checkout's `.claude/skills` and commits it, as a team would. */
async function commitSkill(name: string, body: string, message: string) {
  const folder = path.join(checkout, '.claude/skills', name);
  await mkdir(path.join(folder, 'scripts'), { recursive: true });
  await writeFile(
    path.join(folder, 'SKILL.md'),
    skillText(name, { description: `Runs the ${name} steps. Use when asked to ${name}.`, body }),
  );
  await writeFile(path.join(folder, 'scripts/run.sh'), `#!/bin/sh\necho ${name}\n`);
  await chmod(path.join(folder, 'scripts/run.sh'), 0o755);
  await git('add', '.');
  await git('commit', '--quiet', '-m', message);
}

function git(...args: string[]) {
  return run('git', args, {
    cwd: checkout,
    env: {
      ...env,
      PATH: process.env.PATH ?? '',
      GIT_AUTHOR_NAME: 'Ann',
      GIT_AUTHOR_EMAIL: 'ann@example.com',
      GIT_COMMITTER_NAME: 'Ann',
      GIT_COMMITTER_EMAIL: 'ann@example.com',
    },
  });
}

/** Runs `skillset` in the checkout against the server with a token. */
function skillset(args: string[], token: string, cwd = checkout) {
  return spawnSkillset(args, {
    cwd,
    env: { ...env, SKILLSET_SERVER: server.url, SKILLSET_TOKEN: token },
  });
}

/** A fresh project that syncs the agent's skills, with what its lockfile records. */
async function syncAsAgent() {
  const cwd = path.join(scratch.path, `agent-${Math.random().toString(36).slice(2)}`);
  await mkdir(cwd, { recursive: true });
  const synced = await skillset(['sync'], agentToken, cwd);
  const lock = JSON.parse(await readFile(path.join(cwd, 'skillset-lock.json'), 'utf8')) as {
    skills: Record<string, { source: { version: number } }>;
  };
  const text = (name: string) =>
    readFile(path.join(cwd, '.claude/skills', name, 'SKILL.md'), 'utf8');
  return { synced, lock, text };
}

beforeAll(async () => {
  syncServer = await startSyncServer();
  ({ server, token: ownerToken, workspaceId } = syncServer);
  scratch = await createTempDir();
  env = {
    HOME: path.join(scratch.path, 'home'),
    XDG_CACHE_HOME: path.join(scratch.path, 'cache'),
    XDG_CONFIG_HOME: path.join(scratch.path, 'config'),
  };
  checkout = path.join(scratch.path, 'team-skills');
  await mkdir(checkout, { recursive: true });
  await git('init', '--quiet');
  memberToken = (await addPerson('Ann Member', 'member')).token;
  const reviewer = await addPerson('Rita Reviewer', 'member');
  reviewerToken = reviewer.token;
  await api('PATCH', `/api/workspaces/${workspaceId}/members/${reviewer.userId}`, ownerToken, {
    reviewer: true,
  });
  const agent = await server.store.agents.create({ workspaceId, name: 'deploy-bot' });
  agentToken = (
    await server.store.tokens.create({
      name: 'ci agent',
      principal: { kind: 'agent', agentId: agent.id, workspaceId },
    })
  ).token;
}, 60_000);

afterAll(async () => {
  await syncServer?.[Symbol.asyncDispose]();
  await scratch?.[Symbol.asyncDispose]();
});

describe('skillset push where review is off', () => {
  it('publishes new skills and new versions at once, and says unchanged for the same content', async () => {
    await commitSkill('ship', 'Ship marker one.', 'Add ship');
    await commitSkill('notes', 'Notes marker one.', 'Add notes');
    const first = await skillset(['push'], ownerToken);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('published notes v1\npublished ship v1\n');
    expect(first.exitCode).toBe(0);

    const again = await skillset(['push'], ownerToken);
    expect(again.stdout).toBe('unchanged notes v1\nunchanged ship v1\n');
    expect(again.exitCode).toBe(0);

    await commitSkill('ship', 'Ship marker two.', 'Ship: two');
    const named = await skillset(['push', 'ship', '--note', 'Ship marker two'], ownerToken);
    expect(named.stdout).toBe('published ship v2\n');
    const versions = await api('GET', '/api/skills/ship/versions', ownerToken);
    expect(versions.items[0]).toMatchObject({ version: 2, message: 'Ship marker two' });
    const byPath = await skillset(['push', '.claude/skills/notes', '--json'], ownerToken);
    expect(JSON.parse(byPath.stdout).skills).toMatchObject([
      { status: 'unchanged', name: 'notes', version: 1, source: '.claude/skills/notes' },
    ]);
  }, 120_000);

  it('refuses a folder without SKILL.md, an unknown name and an invalid skill, sending nothing', async () => {
    await mkdir(path.join(checkout, 'docs'), { recursive: true });
    const noSkill = await skillset(['push', './docs'], ownerToken);
    expect(noSkill.exitCode).toBe(1);
    expect(noSkill.stderr).toBe(
      'skillset: error: ./docs has no SKILL.md; pass a skill folder (one holding SKILL.md) or the name of a project skill.\n',
    );
    const unknown = await skillset(['push', 'shipp'], ownerToken);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe(
      "skillset: error: no project skill named 'shipp'. Did you mean: ship?\n",
    );

    const broken = path.join(scratch.path, 'broken');
    await mkdir(broken, { recursive: true });
    await writeFile(path.join(broken, 'SKILL.md'), '---\nname: broken\n---\n\nNo description.\n');
    const fresh = path.join(scratch.path, 'fresh');
    await mkdir(fresh, { recursive: true });
    await writeFile(path.join(fresh, 'SKILL.md'), skillText('fresh'));
    const invalid = await skillset(['push', fresh, broken], ownerToken);
    expect(invalid.exitCode).toBe(1);
    expect(invalid.stdout).toContain('✗ broken');
    expect(invalid.stderr).toContain('skillset: error: nothing was pushed: broken is not valid');
    const response = await fetch(`${server.url}/api/skills/fresh?scope=workspace`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(response.status).toBe(404);

    const noServer = await spawnSkillset(['push'], { cwd: checkout, env });
    expect(noServer.exitCode).toBe(1);
    expect(noServer.stderr).toContain('skillset: error: no server given');
  }, 120_000);
});

describe('skillset push and review where review is required', () => {
  it('turns review on for the workspace', async () => {
    const workspace = await api('PATCH', `/api/workspaces/${workspaceId}`, ownerToken, {
      settings: { review: 'required' },
    });
    expect(workspace.settings.review).toBe('required');
  });

  it("proposes a member's push from git; agents keep the published revision until a reviewer approves", async () => {
    await commitSkill('ship', 'Ship marker three.', 'Ship: three');
    const pushed = await skillset(['push', '--note', 'Ship marker three'], memberToken);
    expect(pushed.stderr).toBe('');
    expect(pushed.stdout).toBe(
      'unchanged notes v1\nproposed ship v3 (serving v2 until a reviewer publishes it)\n',
    );
    expect(pushed.exitCode).toBe(0);
    const twice = await skillset(['push', 'ship'], memberToken);
    expect(twice.stdout).toBe(
      'proposed ship v3 (already waiting for review; serving v2 until a reviewer publishes it)\n',
    );

    const before = await syncAsAgent();
    expect(before.synced.exitCode).toBe(0);
    expect(before.lock.skills.ship?.source.version).toBe(2);
    expect(await before.text('ship')).toContain('Ship marker two.');

    const listed = await skillset(['review', 'list'], reviewerToken);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toContain(
      'Review is required in this workspace; you may review. 1 proposal waiting:',
    );
    expect(listed.stdout).toMatch(
      /SKILL\s+VERSION\s+SERVING\s+AUTHOR\s+PROPOSED\s+MESSAGE\n\s+ship\s+v3\s+v2\s+Ann Member\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+Ship marker three\n/,
    );

    const shown = await skillset(['review', 'show', 'ship'], reviewerToken);
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toMatch(/^ship v3 {2}proposed by Ann Member on .+; serving v2\n/);
    expect(shown.stdout).toContain('Message:   Ship marker three\n');
    expect(shown.stdout).toContain('Signature: unsigned');
    expect(shown.stdout).toContain('Changes:   SKILL.md modified\n');
    expect(shown.stdout).toContain('--- a/SKILL.md\n+++ b/SKILL.md\n');
    expect(shown.stdout).toContain('-Ship marker two.\n+Ship marker three.\n');
    expect(shown.stdout).toContain('Publish it: skillset review approve ship@3');

    const notReviewer = await skillset(['review', 'approve', 'ship'], memberToken);
    expect(notReviewer.exitCode).toBe(1);
    expect(notReviewer.stderr).toMatch(
      /^skillset: error: Only admins and members with the reviewer grant may publish/,
    );

    const approved = await skillset(['review', 'approve', 'ship'], reviewerToken);
    expect(approved.stderr).toBe('');
    expect(approved.stdout).toBe('Published ship v3 (was v2); every surface serves it now.\n');
    const after = await syncAsAgent();
    expect(after.lock.skills.ship?.source.version).toBe(3);
    expect(await after.text('ship')).toContain('Ship marker three.');
  }, 180_000);

  it("refuses the author's own approval, and lets another reviewer publish a new skill", async () => {
    await commitSkill('rollout', 'Rollout marker one.', 'Add rollout');
    const pushed = await skillset(['push', 'rollout'], reviewerToken);
    expect(pushed.stdout).toBe(
      'proposed rollout v1 (a new skill, served nowhere until a reviewer publishes it)\n',
    );
    const listed = await skillset(['review', 'list'], reviewerToken);
    expect(listed.stdout).toMatch(/rollout\s+v1 \(yours\)\s+new\s+Rita Reviewer/);
    const own = await skillset(['review', 'approve', 'rollout'], reviewerToken);
    expect(own.exitCode).toBe(1);
    expect(own.stderr).toBe(
      'skillset: error: you proposed rollout v1 yourself, so another reviewer must publish it: review needs a second person.\n',
    );
    const hidden = await syncAsAgent();
    expect(hidden.lock.skills.rollout).toBeUndefined();
    const published = await skillset(['review', 'approve', 'rollout@1'], ownerToken);
    expect(published.stdout).toBe(
      'Published rollout v1 (a new skill); every surface serves it now.\n',
    );
    expect((await syncAsAgent()).lock.skills.rollout?.source.version).toBe(1);
  }, 180_000);

  it('rejects a proposal with a note, which the rejected list shows', async () => {
    await commitSkill('ship', 'Ship marker four.', 'Ship: four');
    const pushed = await skillset(['push', 'ship'], memberToken);
    expect(pushed.stdout).toBe('proposed ship v4 (serving v3 until a reviewer publishes it)\n');
    const noNote = await skillset(['review', 'reject', 'ship'], reviewerToken);
    expect(noNote.exitCode).not.toBe(0);
    expect(noNote.stderr).toContain("required option '--note <text>' not specified");
    const rejected = await skillset(
      ['review', 'reject', 'ship', '--note', 'Needs a dry run first.'],
      reviewerToken,
    );
    expect(rejected.stderr).toBe('');
    expect(rejected.stdout).toBe(
      'Rejected ship v4 (still serving v3); the author sees your note: Needs a dry run first.\n',
    );
    const list = await skillset(['review', 'list', '--rejected'], memberToken);
    expect(list.stdout).toMatch(
      /ship\s+v4\s+Ann Member\s+Rita Reviewer\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+Needs a dry run first\./,
    );
    const waiting = await skillset(['review', 'approve', 'ship'], reviewerToken);
    expect(waiting.exitCode).toBe(1);
    expect(waiting.stderr).toMatch(/^skillset: error: No proposal of ship waits for review/);
    expect((await syncAsAgent()).lock.skills.ship?.source.version).toBe(3);
  }, 180_000);

  it('rolls back to the first revision with approve NAME@1, and refuses an editing agent token a push', async () => {
    const rolled = await skillset(['review', 'approve', 'ship@1'], reviewerToken);
    expect(rolled.stderr).toBe('');
    expect(rolled.stdout).toBe('Rolled back ship to v1 (was v3); every surface serves v1 now.\n');
    const after = await syncAsAgent();
    expect(after.lock.skills.ship?.source.version).toBe(1);
    expect(await after.text('ship')).toContain('Ship marker one.');

    const editor = await server.store.agents.create({
      workspaceId,
      name: 'editor-bot',
      settings: { role: 'member' },
    });
    const { token: editorToken } = await server.store.tokens.create({
      name: 'ci editor',
      principal: { kind: 'agent', agentId: editor.id, workspaceId },
    });
    const agentPush = await skillset(['push', 'notes', '.claude/skills/ship'], editorToken);
    expect(agentPush.exitCode).toBe(1);
    expect(agentPush.stdout).toMatch(
      /^unchanged notes v1\nfailed ship: This workspace requires review: agents do not change its skills\..+\n$/,
    );
    expect(agentPush.stderr).toBe('skillset: error: 1 of 2 skills could not be pushed.\n');
  }, 180_000);
});

describe('skillset review where the workspace blocks a recall drop', () => {
  const evalSet = JSON.stringify([
    { query: 'which phase is the moon in tonight', should_trigger: true },
    { query: 'when is the next full moon', should_trigger: true },
    { query: 'summarise my tax return', should_trigger: false },
  ]);

  async function commitSkyWatch(description: string, message: string) {
    const folder = path.join(checkout, '.claude/skills/sky-watch');
    await mkdir(path.join(folder, 'evals'), { recursive: true });
    await writeFile(path.join(folder, 'SKILL.md'), skillText('sky-watch', { description }));
    await writeFile(path.join(folder, 'evals/triggers.json'), evalSet);
    await git('add', '.');
    await git('commit', '--quiet', '-m', message);
  }

  it('shows the eval delta, refuses a drop with how to override it, and publishes with the override', async () => {
    await api('PATCH', `/api/workspaces/${workspaceId}`, ownerToken, {
      settings: { blockRecallDrop: true },
    });
    await commitSkyWatch(
      'Tell the phase of the moon and when the next full moon is. Use for lunar questions.',
      'Add sky-watch',
    );
    expect((await skillset(['push', 'sky-watch'], memberToken)).stdout).toBe(
      'proposed sky-watch v1 (a new skill, served nowhere until a reviewer publishes it)\n',
    );
    expect((await skillset(['review', 'approve', 'sky-watch'], reviewerToken)).exitCode).toBe(0);
    await commitSkyWatch('Bake bread and scale recipes. Use for baking.', 'sky-watch: bread');
    expect((await skillset(['push', 'sky-watch'], memberToken)).stdout).toBe(
      'proposed sky-watch v2 (serving v1 until a reviewer publishes it)\n',
    );
    const shown = await skillset(['review', 'show', 'sky-watch'], reviewerToken);
    expect(shown.stdout).toMatch(/\nEval: {6}3 cases; recall 1\.00 → 0\.\d\d, precision /);
    const refused = await skillset(['review', 'approve', 'sky-watch'], reviewerToken);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(
      /^skillset: error: Version 2 of "sky-watch" lowers its trigger-eval recall from 100% to \d+%.+ From here: skillset review approve sky-watch@2 --override-recall-drop\n$/,
    );
    const overridden = await skillset(
      ['review', 'approve', 'sky-watch', '--override-recall-drop'],
      reviewerToken,
    );
    expect(overridden.stderr).toBe('');
    expect(overridden.stdout).toBe(
      'Published sky-watch v2 (was v1); every surface serves it now.\n',
    );
  }, 180_000);
});
