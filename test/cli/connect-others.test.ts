import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';

/**
 * `skillset connect codex|opencode|gemini` without the agents themselves (the real binaries are in
 * test/agents/connect-*.test.ts): what each connector writes, keeps and takes back.
 */

async function scene() {
  const dir = await createTempDir();
  const cwd = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(cwd, { recursive: true });
  await mkdir(home, { recursive: true });
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(dir.path, 'cache'),
    CODEX_HOME: path.join(home, '.codex'),
    // No codex here: connect must say how to trust the hook by hand.
    PATH: path.join(dir.path, 'empty-bin'),
  };
  const run = (args: string[]) => runSkillset(args, { cwd, env });
  const read = async (file: string) => readFile(path.join(cwd, file), 'utf8');
  return { dir, cwd, home, run, read, [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose]() };
}

describe('skillset connect gemini', () => {
  it('adds its hook, turns off its own listing and adds the MCP server beside the user settings, and disconnect restores them', async () => {
    await using project = await scene();
    const existing = {
      model: { name: 'gemini-2.5-pro' },
      skills: { disabled: ['old-skill'] },
      hooks: {
        BeforeAgent: [{ hooks: [{ type: 'command', name: 'mine', command: 'echo mine' }] }],
      },
      mcpServers: { github: { command: 'gh-mcp' } },
    };
    await mkdir(path.join(project.cwd, '.gemini'));
    const original = `${JSON.stringify(existing, null, 2)}\n`;
    await writeFile(path.join(project.cwd, '.gemini/settings.json'), original);

    const connected = await project.run(['connect', 'gemini']);
    expect(connected.stderr).toBe('');
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain('+ .gemini/settings.json: set skills.enabled to false');
    const settings = JSON.parse(await project.read('.gemini/settings.json'));
    expect(settings).toEqual({
      model: existing.model,
      skills: { disabled: ['old-skill'], enabled: false },
      hooks: {
        BeforeAgent: [
          ...existing.hooks.BeforeAgent,
          {
            hooks: [
              {
                type: 'command',
                name: 'skillset',
                command: expect.stringMatching(/skillset(\.js)?'? hook gemini$/),
                timeout: 30_000,
              },
            ],
          },
        ],
      },
      mcpServers: {
        ...existing.mcpServers,
        skillset: {
          command: expect.stringMatching(/skillset(\.js)?$/),
          args: ['mcp', '--agent', 'gemini', '--no-catalog'],
          trust: true,
        },
      },
    });

    const disconnected = await project.run(['disconnect', 'gemini']);
    expect(disconnected.exitCode).toBe(0);
    expect(await project.read('.gemini/settings.json')).toBe(original);
  });

  it('refuses to turn off skills the user turned on explicitly, changing nothing', async () => {
    await using project = await scene();
    await mkdir(path.join(project.cwd, '.gemini'));
    const original = '{\n  "skills": { "enabled": true }\n}\n';
    await writeFile(path.join(project.cwd, '.gemini/settings.json'), original);
    const connected = await project.run(['connect', 'gemini']);
    expect(connected.exitCode).toBe(1);
    expect(connected.stderr).toContain(
      '.gemini/settings.json: skills.enabled is already set to true; connect would set false',
    );
    expect(await project.read('.gemini/settings.json')).toBe(original);
    expect(await readdir(project.cwd)).toEqual(['.gemini']);
  });
});

describe('skillset connect opencode', () => {
  it('writes its plugin, leaves a plugin the user edited since, and never overwrites a file of theirs', async () => {
    await using project = await scene();
    const plugin = '.opencode/plugins/skillset.js';
    const connected = await project.run(['connect', 'opencode']);
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain(`+ ${plugin} (created): Skillset's OpenCode plugin`);
    expect(await project.read(plugin)).toContain("'chat.message'");
    expect(await project.read(plugin)).toMatch(
      /const COMMAND = ".*skillset(\.js)?'? hook opencode";/,
    );

    const again = await project.run(['connect', 'opencode']);
    expect(again.stdout).toContain(
      'OpenCode is already connected in this project; nothing changed.',
    );

    await writeFile(path.join(project.cwd, plugin), '// edited\n');
    const disconnected = await project.run(['disconnect', 'opencode']);
    expect(disconnected.exitCode).toBe(1);
    expect(disconnected.stdout).toContain(`! ${plugin} was changed since connect wrote it; left`);
    expect(await project.read(plugin)).toBe('// edited\n');

    const refused = await project.run(['connect', 'opencode']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      `${plugin} exists and was not written by skillset connect; move it away`,
    );
    expect(await project.read(plugin)).toBe('// edited\n');
    await expect(project.read('skillset-connections.json')).rejects.toThrow(/ENOENT/);
  });

  it('deletes its plugin and the folders it made for it, and refuses a record aiming at another file', async () => {
    await using project = await scene();
    await project.run(['connect', 'opencode']);
    const disconnected = await project.run(['disconnect', 'opencode']);
    expect(disconnected.stdout).toContain(
      '- .opencode/plugins/skillset.js: deleted (connect wrote it)',
    );
    expect(await readdir(project.cwd)).toEqual([]);

    await writeFile(path.join(project.cwd, 'keep.js'), 'mine\n');
    const record = {
      version: 1,
      connections: {
        opencode: {
          files: [],
          ownedFiles: [{ file: 'keep.js', sha256: 'a'.repeat(64), folders: [] }],
        },
      },
    };
    await writeFile(path.join(project.cwd, 'skillset-connections.json'), JSON.stringify(record));
    const tampered = await project.run(['disconnect', 'opencode']);
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stderr).toContain('says connect changed "keep.js" for opencode');
    expect(await project.read('keep.js')).toBe('mine\n');
  });
});

describe('skillset connect codex without codex on PATH', () => {
  it('adds the hook and says how to trust it by hand', async () => {
    await using project = await scene();
    const connected = await project.run(['connect', 'codex']);
    expect(connected.exitCode).toBe(0);
    expect(connected.stdout).toContain(
      '+ .codex/hooks.json (created): added to hooks.UserPromptSubmit',
    );
    expect(connected.stdout).toContain(
      '! codex is not on PATH, so the hook is not trusted yet; start codex in this project, type /hooks and trust the UserPromptSubmit hook of .codex/hooks.json',
    );
    const record = JSON.parse(await project.read('skillset-connections.json'));
    expect(record.connections.codex.trust).toBeUndefined();
    const disconnected = await project.run(['disconnect', 'codex']);
    expect(disconnected.exitCode).toBe(0);
    expect(await readdir(path.join(project.cwd, '.codex'))).toEqual([]);
  });
});
