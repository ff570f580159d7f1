import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderSource } from '../node/create-folder-source.ts';
import type { PermissionRule } from '../policy/permission-rule.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createSkillTools } from './create-skill-tools.ts';
import type { SkillTool } from './skill-tool.ts';

async function setUp(root: string, rules: PermissionRule[] = [], maxFileBytes?: number) {
  const [folder] = await writeSkillTree(join(root, 'skills'), [
    {
      name: 'guide',
      files: {
        'references/api.md': '# API\n\nCall it.\n',
        'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]),
      },
    },
    { name: 'hidden', fields: { 'disable-model-invocation': true }, files: { 'notes.md': 'n' } },
  ]);
  await writeFile(join(root, 'outside.txt'), 'TOP SECRET');
  await symlink(join(root, 'outside.txt'), join(folder as string, 'leak.md'));
  await symlink(join(folder as string, 'references/api.md'), join(folder as string, 'alias.md'));
  const registry = createRegistry({
    sources: [
      createFolderSource({ root: join(root, 'skills'), scope: 'project', cacheDir: false }),
    ],
  });
  const tools = await createSkillTools({
    registry,
    policy: createPolicyContext({ rules }),
    ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
  });
  return tools.find((tool) => tool.name === 'read_skill_file') as SkillTool;
}

describe('read_skill_file', () => {
  it('returns a text file of the skill as text', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    const result = await read.execute({ skill: 'Guide', path: 'references/api.md' });
    expect(result).toMatchObject({ ok: true, text: '# API\n\nCall it.\n' });
    expect(result.ok && result.data).toMatchObject({
      kind: 'text',
      mimeType: 'text/markdown',
      skill: 'guide',
      path: 'references/api.md',
    });
  });

  it('follows a symlink that stays inside the skill folder', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    expect(await read.execute({ skill: 'guide', path: 'alias.md' })).toMatchObject({ ok: true });
  });

  it.each([
    ['../hidden/SKILL.md', 'invalid_skill_file_path', '".." segments are not allowed'],
    ['references/../../outside.txt', 'invalid_skill_file_path', '".." segments'],
    ['/etc/passwd', 'invalid_skill_file_path', 'relative to the skill folder'],
    ['C:\\Windows\\win.ini', 'invalid_skill_file_path', 'relative to the skill folder'],
    ['leak.md', 'invalid_skill_file_path', 'outside the skill folder'],
  ])('refuses the escaping path %s', async (path, code, message) => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    const result = await read.execute({ skill: 'guide', path });
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(!result.ok && result.error.message).not.toContain('TOP SECRET');
  });

  it('describes a binary file instead of returning its bytes', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    const result = await read.execute({ skill: 'guide', path: 'logo.png' });
    expect(result).toMatchObject({
      ok: true,
      text: 'logo.png is a binary file (image/png, 7 bytes); its content is not shown as text.',
      data: { kind: 'binary', size: 7 },
    });
  });

  it('truncates a long text file', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path, [], 5);
    const result = await read.execute({ skill: 'guide', path: 'references/api.md' });
    expect(result).toMatchObject({
      ok: true,
      text: '# API\n… (truncated: showing 5 of 16 bytes)',
      data: { truncated: true },
    });
  });

  it('lists the files when the path does not exist', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    const result = await read.execute({ skill: 'guide', path: 'nope.md' });
    expect(result).toMatchObject({ ok: false, error: { code: 'skill_file_not_found' } });
    expect(!result.ok && result.error.message).toContain('Its files: SKILL.md, alias.md');
  });

  it('reads files of a skill only the user may invoke (surface read), but not of a denied one', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path, [{ skill: 'guide', surface: 'read', action: 'deny' }]);
    expect(await read.execute({ skill: 'hidden', path: 'notes.md' })).toMatchObject({ ok: true });
    expect(await read.execute({ skill: 'guide', path: 'references/api.md' })).toEqual({
      ok: false,
      error: { code: 'unknown_skill', message: 'Unknown skill "guide".' },
    });
  });

  it('reports missing fields', async () => {
    await using dir = await createTempDir();
    const read = await setUp(dir.path);
    const result = await read.execute({ skill: 'guide' });
    expect(!result.ok && result.error.message).toBe(
      'Invalid input for read_skill_file:\n- path: Invalid input: expected string, received undefined',
    );
  });
});
