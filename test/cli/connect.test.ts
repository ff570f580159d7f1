import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import type { RunningServer } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';
import { type SyncServer, startSyncServer } from '../support/start-sync-server.ts';

/** A project with its own HOME and config folder. */
async function scene() {
  const dir = await createTempDir();
  const cwd = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await mkdir(home, { recursive: true });
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(dir.path, 'cache'),
  };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    runSkillset(args, { cwd, env: { ...env, ...extra } });
  const settingsFile = path.join(cwd, '.claude/settings.json');
  const settings = async () => JSON.parse(await readFile(settingsFile, 'utf8'));
  return {
    dir,
    cwd,
    home,
    env,
    run,
    settingsFile,
    settings,
    [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose](),
  };
}

const EXISTING = {
  permissions: { allow: ['Bash(npm test)'], deny: ['Read(./.env)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo pre' }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo mine' }] }],
  },
  model: 'opus',
};

/** The hook entry connect adds for Claude Code, whatever command runs skillset. */
const OUR_ENTRY = {
  hooks: [
    {
      type: 'command',
      command: expect.stringMatching(/skillset(\.js)?'? hook claude$/),
      timeout: 30,
    },
  ],
};

describe('skillset connect claude / disconnect claude', () => {
  it('merges the hook into existing settings keeping everything, records exactly it, changes nothing the second time, and disconnect restores the meaning', async () => {
    await using project = await scene();
    const original = `${JSON.stringify(EXISTING, null, 4)}\n`;
    await writeFile(project.settingsFile, original);

    const connected = await project.run(['connect', 'claude']);
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('Connected Claude Code in this project:');
    expect(connected.stdout).toContain('+ .claude/settings.json: added to hooks.UserPromptSubmit');
    expect(connected.stdout).toContain('Recorded in skillset-connections.json');
    const merged = await project.settings();
    expect(merged).toEqual({
      ...EXISTING,
      hooks: {
        ...EXISTING.hooks,
        UserPromptSubmit: [...EXISTING.hooks.UserPromptSubmit, OUR_ENTRY],
      },
    });
    // The file keeps its four-space indentation.
    expect(await readFile(project.settingsFile, 'utf8')).toMatch(/^\{\n {4}"permissions"/);
    const record = JSON.parse(
      await readFile(path.join(project.cwd, 'skillset-connections.json'), 'utf8'),
    );
    expect(record).toEqual({
      version: 1,
      connections: {
        claude: {
          files: [
            {
              file: '.claude/settings.json',
              created: false,
              containers: [],
              additions: [{ kind: 'entry', path: ['hooks', 'UserPromptSubmit'], value: OUR_ENTRY }],
            },
          ],
        },
      },
    });

    const connectedBytes = await readFile(project.settingsFile, 'utf8');
    const recordBytes = await readFile(path.join(project.cwd, 'skillset-connections.json'), 'utf8');
    const again = await project.run(['connect', 'claude']);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain(
      'Claude Code is already connected in this project; nothing changed.',
    );
    expect(await readFile(project.settingsFile, 'utf8')).toBe(connectedBytes);
    expect(await readFile(path.join(project.cwd, 'skillset-connections.json'), 'utf8')).toBe(
      recordBytes,
    );

    const disconnected = await project.run(['disconnect', 'claude']);
    expect(disconnected.exitCode).toBe(0);
    expect(disconnected.stdout).toContain(
      '- .claude/settings.json: removed hooks.UserPromptSubmit[]',
    );
    expect(await project.settings()).toEqual(EXISTING);
    expect(await readdir(project.cwd)).toEqual(['.claude']);

    const twice = await project.run(['disconnect', 'claude']);
    expect(twice.exitCode).toBe(0);
    expect(twice.stdout).toContain('Claude Code is not connected here');
  });

  it('keeps what the user changed since: their new entries and keys stay, a changed entry of ours is left and reported', async () => {
    await using project = await scene();
    expect((await project.run(['connect', 'claude'])).exitCode).toBe(0);
    const created = await project.settings();
    created.hooks.UserPromptSubmit.push({ hooks: [{ type: 'command', command: 'echo later' }] });
    created.permissions = { allow: ['Read'] };
    await writeFile(project.settingsFile, JSON.stringify(created));
    const disconnected = await project.run(['disconnect', 'claude']);
    expect(disconnected.exitCode).toBe(0);
    expect(await project.settings()).toEqual({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo later' }] }] },
      permissions: { allow: ['Read'] },
    });

    expect((await project.run(['connect', 'claude'])).exitCode).toBe(0);
    const edited = await project.settings();
    const ours = edited.hooks.UserPromptSubmit.at(-1);
    ours.hooks[0].timeout = 5;
    await writeFile(project.settingsFile, JSON.stringify(edited, null, 2));
    const left = await project.run(['disconnect', 'claude']);
    expect(left.exitCode).toBe(1);
    expect(left.stdout).toContain(
      '! .claude/settings.json: the entry connect added to hooks.UserPromptSubmit is no longer there as connect wrote it (changed or removed since); nothing of hooks.UserPromptSubmit was removed',
    );
    expect(await project.settings()).toEqual(edited);
    // The connection is gone from the record either way.
    await expect(stat(path.join(project.cwd, 'skillset-connections.json'))).rejects.toThrow();
  });

  it('creates the settings file when there is none and disconnect deletes it', async () => {
    await using project = await scene();
    const connected = await project.run(['connect', 'claude']);
    expect(connected.stdout).toContain(
      '+ .claude/settings.json (created): added to hooks.UserPromptSubmit',
    );
    expect(await project.settings()).toEqual({ hooks: { UserPromptSubmit: [OUR_ENTRY] } });
    expect((await project.run(['disconnect', 'claude'])).stdout).toContain(
      '- .claude/settings.json: deleted (connect created it)',
    );
    await expect(stat(project.settingsFile)).rejects.toThrow();
  });

  it('refuses malformed settings, settings of another shape and an unknown agent precisely, writing nothing', async () => {
    await using project = await scene();
    const broken = '{\n  "hooks": {\n    "UserPromptSubmit": []\n  \n';
    await writeFile(project.settingsFile, broken);
    const malformed = await project.run(['connect', 'claude']);
    expect(malformed.exitCode).toBe(1);
    expect(malformed.stderr).toMatch(
      /^skillset: \.claude\/settings\.json is not valid JSON at line 5, column 1 \(.+\); fix it and run the command again — nothing was changed\.\n$/,
    );
    expect(await readFile(project.settingsFile, 'utf8')).toBe(broken);
    expect(await readdir(project.cwd)).toEqual(['.claude']);

    await writeFile(project.settingsFile, '{"hooks": {"UserPromptSubmit": "echo hi"}}');
    const shape = await project.run(['connect', 'claude']);
    expect(shape.exitCode).toBe(1);
    expect(shape.stderr).toBe(
      'skillset: .claude/settings.json: hooks.UserPromptSubmit is a string where an array was expected; fix it (or move it away) and run the command again — nothing was changed.\n',
    );
    await writeFile(project.settingsFile, '["hooks"]');
    expect((await project.run(['connect', 'claude'])).stderr).toContain(
      '.claude/settings.json holds an array at the top',
    );
    expect(await readdir(project.cwd)).toEqual(['.claude']);

    const unknown = await project.run(['connect', 'cursor']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      "error: command-argument value 'cursor' is invalid for argument 'agent'. Allowed choices are claude, codex, opencode, gemini.",
    );
    const token = await project.run(['connect', 'claude', '--token', 'secret']);
    expect(token.exitCode).toBe(1);
    expect(token.stderr).toBe('skillset: --token is for --server; pass both, or neither.\n');
  });

  it('refuses a record that names a file connect does not write, changing nothing', async () => {
    await using project = await scene();
    const victim = path.join(project.home, 'victim.json');
    await writeFile(victim, '{"keep": {"a": 1}}');
    const record = {
      version: 1,
      connections: {
        claude: {
          files: [
            {
              file: path.relative(project.cwd, victim),
              created: true,
              containers: [],
              additions: [{ kind: 'key', path: ['keep'], value: { a: 1 } }],
            },
          ],
        },
      },
    };
    await writeFile(path.join(project.cwd, 'skillset-connections.json'), JSON.stringify(record));
    for (const command of ['disconnect', 'connect']) {
      const refused = await project.run([command, 'claude']);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(
        'says connect changed "../home/victim.json" for claude, which is not a settings file connect writes',
      );
    }
    expect(await readFile(victim, 'utf8')).toBe('{"keep": {"a": 1}}');
  });

  it('with --global edits the user settings and keeps the record in the user config', async () => {
    await using project = await scene();
    const connected = await project.run(['connect', 'claude', '--global']);
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('Connected Claude Code for your user:');
    expect(connected.stdout).toContain('+ ~/.claude/settings.json (created)');
    const userSettings = path.join(project.home, '.claude/settings.json');
    expect(JSON.parse(await readFile(userSettings, 'utf8'))).toEqual({
      hooks: { UserPromptSubmit: [OUR_ENTRY] },
    });
    const record = path.join(project.home, '.config/skillset/skillset-connections.json');
    expect(JSON.parse(await readFile(record, 'utf8')).connections.claude.files[0].file).toBe(
      userSettings,
    );
    expect(await readdir(project.cwd)).toEqual(['.claude']);
    const both = await project.run(['connect', 'claude']);
    expect(both.stdout).toContain(
      'Note: Claude Code is also connected for your user, so each prompt gets the suggestions twice; skillset disconnect claude --global takes that one back.',
    );
    expect((await project.run(['disconnect', 'claude'])).exitCode).toBe(0);
    expect((await project.run(['disconnect', 'claude', '--global'])).exitCode).toBe(0);
    await expect(stat(userSettings)).rejects.toThrow();
    await expect(stat(record)).rejects.toThrow();
  });
});

describe('skillset connect claude --server', () => {
  let syncServer: SyncServer;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    syncServer = await startSyncServer();
    ({ server, token } = syncServer);
    for (const name of ['connect-deploy', 'connect-notes']) {
      const created = await server.store.skills.create({
        scope: 'workspace',
        workspaceId: syncServer.workspaceId,
        skillMd: skillText(name, { description: `The ${name} skill.` }),
        files: [],
      });
      if (!created.ok) throw new Error(`could not create ${name}`);
    }
  }, 60_000);

  afterAll(async () => {
    await syncServer?.[Symbol.asyncDispose]();
  });

  it('syncs the skills, never writes the token, and disconnect removes the skills it synced but not an edited one', async () => {
    await using project = await scene();
    const connected = await project.run(['connect', 'claude', '--server', server.url], {
      SKILLSET_TOKEN: token,
    });
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toMatch(
      /Synced from http:\/\/127\.0\.0\.1:\d+ \(workspace .+\): \d+ changes/,
    );
    expect(connected.stdout).toMatch(/Skills Claude Code reads: \d+ in \.claude\/skills\./);
    for (const name of ['connect-deploy', 'connect-notes']) {
      expect(
        await readFile(path.join(project.cwd, '.claude/skills', name, 'SKILL.md'), 'utf8'),
      ).toContain(name);
    }
    const written = await readdir(project.cwd, { recursive: true });
    for (const file of written) {
      const full = path.join(project.cwd, file);
      if ((await stat(full)).isFile()) expect(await readFile(full, 'utf8')).not.toContain(token);
    }
    for (const file of await readdir(project.home, { recursive: true })) {
      const full = path.join(project.home, file);
      if ((await stat(full)).isFile()) expect(await readFile(full, 'utf8')).not.toContain(token);
    }
    const record = JSON.parse(
      await readFile(path.join(project.cwd, 'skillset-connections.json'), 'utf8'),
    );
    expect(record.connections.claude.server).toEqual({
      url: server.url,
      workspace: expect.any(String),
      before: [],
      lockCreated: true,
    });

    await writeFile(
      path.join(project.cwd, '.claude/skills/connect-notes/SKILL.md'),
      skillText('connect-notes', { description: 'Edited here.' }),
    );
    const disconnected = await project.run(['disconnect', 'claude']);
    expect(disconnected.exitCode).toBe(1);
    expect(disconnected.stdout).toContain('- .claude/skills/connect-deploy');
    expect(disconnected.stdout).toContain(
      '! .claude/skills/connect-notes was edited here (SKILL.md changed); delete it yourself if it should go',
    );
    await expect(stat(path.join(project.cwd, '.claude/skills/connect-deploy'))).rejects.toThrow();
    const lock = JSON.parse(await readFile(path.join(project.cwd, 'skillset-lock.json'), 'utf8'));
    expect(Object.keys(lock.skills)).toContain('connect-notes');
    expect(Object.keys(lock.skills)).not.toContain('connect-deploy');
  }, 60_000);
  it('disconnect leaves the skills another agent synced, and takes the agent off their lock entries', async () => {
    await using project = await scene();
    const synced = await project.run(['sync', '--server', server.url, '--agent', 'codex'], {
      SKILLSET_TOKEN: token,
    });
    expect(synced.exitCode, synced.stderr).toBe(0);
    const connected = await project.run(['connect', 'claude', '--server', server.url], {
      SKILLSET_TOKEN: token,
    });
    expect(connected.exitCode, connected.stderr).toBe(0);
    const lockFile = path.join(project.cwd, 'skillset-lock.json');
    const both = JSON.parse(await readFile(lockFile, 'utf8'));
    expect(both.skills['connect-deploy'].agents.sort()).toEqual(['claude', 'codex']);

    const disconnected = await project.run(['disconnect', 'claude']);
    expect(disconnected.exitCode, disconnected.stdout).toBe(0);
    await expect(stat(path.join(project.cwd, '.claude/skills/connect-deploy'))).rejects.toThrow();
    const left = JSON.parse(await readFile(lockFile, 'utf8'));
    expect(left.skills['connect-deploy'].agents).toEqual(['codex']);
    expect(left.skills['connect-deploy'].folders).toEqual(['.agents/skills/connect-deploy']);
    const again = await project.run(['sync', '--server', server.url, '--agent', 'codex'], {
      SKILLSET_TOKEN: token,
    });
    expect(again.exitCode, again.stderr).toBe(0);
    await expect(stat(path.join(project.cwd, '.claude/skills/connect-deploy'))).rejects.toThrow();
  }, 60_000);
});
