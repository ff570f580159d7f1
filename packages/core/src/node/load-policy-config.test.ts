import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import {
  defaultUserPolicyConfigFile,
  loadPolicyConfig,
  loadPolicyConfigFile,
} from './load-policy-config.ts';

async function errorOf(promise: Promise<unknown>): Promise<SkillsetError<string>> {
  try {
    await promise;
  } catch (error) {
    if (SkillsetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('loadPolicyConfig', () => {
  it('returns an empty config when neither file exists', async () => {
    await using dir = await createTempDir();
    const result = await loadPolicyConfig({
      cwd: dir.path,
      userConfigFile: path.join(dir.path, 'none.json'),
    });
    expect(result).toEqual({ config: {}, files: [] });
  });

  it('merges the user file and the project skillset.json, project winning', async () => {
    await using dir = await createTempDir();
    const userFile = path.join(dir.path, 'user', 'config.json');
    await mkdir(path.dirname(userFile));
    await writeFile(
      userFile,
      JSON.stringify({
        rules: [{ skill: 'deploy', action: 'deny' }],
        allowlist: ['*'],
        config: { token: 'u' },
      }),
    );
    await writeFile(
      path.join(dir.path, 'skillset.json'),
      JSON.stringify({ allowlist: ['pdf-*'], rules: [{ skill: 'pdf-*', action: 'ask' }] }),
    );
    const result = await loadPolicyConfig({ cwd: dir.path, userConfigFile: userFile });
    expect(result.files).toEqual([userFile, path.join(dir.path, 'skillset.json')]);
    expect(result.config).toEqual({
      rules: [
        { skill: 'deploy', action: 'deny' },
        { skill: 'pdf-*', action: 'ask' },
      ],
      allowlist: ['pdf-*'],
      config: { token: 'u' },
    });
  });

  it('finds the user file under XDG_CONFIG_HOME', async () => {
    await using dir = await createTempDir();
    const env = { XDG_CONFIG_HOME: dir.path };
    const userFile = defaultUserPolicyConfigFile(env);
    expect(userFile).toBe(path.join(dir.path, 'skillset', 'config.json'));
    await mkdir(path.dirname(userFile));
    await writeFile(userFile, '{ "integrations": ["slack"] }');
    const result = await loadPolicyConfig({ cwd: dir.path, env });
    expect(result.config).toEqual({ integrations: ['slack'] });
  });

  it('defaults the user file to ~/.config/skillset/config.json', () => {
    expect(defaultUserPolicyConfigFile({})).toMatch(/[/\\]\.config[/\\]skillset[/\\]config\.json$/);
  });
});

describe('loadPolicyConfigFile', () => {
  it('names the file, the line and the column of malformed JSON', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'skillset.json');
    await writeFile(file, '{\n  "allowlist": ["pdf"],\n  rules: []\n}\n');
    const error = await errorOf(loadPolicyConfigFile(file));
    expect(error.code).toBe('malformed_policy_config');
    expect(error.details).toMatchObject({ file, line: 3, column: 3 });
    expect(error.message.replace(dir.path, '<dir>')).toMatch(
      /^Malformed JSON in <dir>[/\\]skillset\.json:3:3: .+\. Fix the syntax \(JSON allows no comments or trailing commas\)\.$/,
    );
  });

  it('reports an empty file as malformed at its end', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'config.json');
    await writeFile(file, '');
    const error = await errorOf(loadPolicyConfigFile(file));
    expect(error.details).toMatchObject({ file, line: 1, column: 1 });
  });

  it('reports schema problems with the file, the JSON path, the line and a fix', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'skillset.json');
    await writeFile(
      file,
      [
        '{',
        '  "rules": [',
        '    { "skill": "deploy", "action": "forbid" }',
        '  ],',
        '  "alowlist": []',
        '}',
      ].join('\n'),
    );
    const error = await errorOf(loadPolicyConfigFile(file));
    expect(error.code).toBe('invalid_policy_config');
    expect(error.message.replace(dir.path, '<dir>')).toMatchInlineSnapshot(`
      "Invalid policy config in <dir>/skillset.json (2 problems):
        rules[0].action (line 3, column 26): Expected one of "deny", "ask", "allow", got "forbid". Set it to one of "deny", "ask", "allow".
        alowlist (line 5, column 3): Unknown key "alowlist". Did you mean "allowlist"? Known keys: $schema, rules, allowlist, integrations, config, contentRisks, requireSigned, trustedSigners, revokedSigners, mcpServers."
    `);
  });

  it('returns undefined for a missing file and reads a byte-order mark', async () => {
    await using dir = await createTempDir();
    expect(await loadPolicyConfigFile(path.join(dir.path, 'none.json'))).toBeUndefined();
    const file = path.join(dir.path, 'bom.json');
    await writeFile(file, '\uFEFF{"allowlist":["a"]}');
    expect(await loadPolicyConfigFile(file)).toEqual({ allowlist: ['a'] });
  });

  it('reports an unreadable path', async () => {
    await using dir = await createTempDir();
    const error = await errorOf(loadPolicyConfigFile(dir.path));
    expect(error.code).toBe('policy_config_unreadable');
  });
});
