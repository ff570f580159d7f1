import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { createSkillTools } from '../tools/create-skill-tools.ts';
import { createFolderSkillStore } from './create-folder-skill-store.ts';
import { createFolderSource } from './create-folder-source.ts';

const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return SkillsetError.isInstance(error) ? error.code : String(error);
  }
};

describe('createFolderSkillStore', () => {
  it('writes <root>/<name>/SKILL.md with no temporary files left, and records switches in .skillset/state.json', async () => {
    await using dir = await createTempDir();
    const root = join(dir.path, 'skills');
    const store = createFolderSkillStore({ root });
    const text = buildSkill({ name: 'alpha' });
    await store.create({ name: 'alpha', text, files: { 'docs/a.md': 'A' } });
    await store.update('alpha', buildSkill({ name: 'alpha', description: 'Again.' }));
    expect((await readdir(join(root, 'alpha'))).sort()).toEqual(['SKILL.md', 'docs']);
    expect(await readFile(join(root, 'alpha', 'docs', 'a.md'), 'utf8')).toBe('A');
    await store.setEnabled('alpha', false);
    expect(JSON.parse(await readFile(join(root, '.skillset', 'state.json'), 'utf8'))).toEqual({
      disabled: ['alpha'],
    });
    await store.delete('alpha');
    expect(JSON.parse(await readFile(join(root, '.skillset', 'state.json'), 'utf8'))).toEqual({
      disabled: [],
    });
  });

  it('refuses file paths that leave the skill folder, writing nothing', async () => {
    await using dir = await createTempDir();
    const store = createFolderSkillStore({ root: dir.path });
    const text = buildSkill({ name: 'alpha' });
    expect(await codeOf(store.create({ name: 'alpha', text, files: { '../x.md': 'x' } }))).toBe(
      'invalid_skill_file_path',
    );
    expect(await store.list()).toEqual([]);
  });

  it('backs the management tools, and the registry sees every write', async () => {
    await using dir = await createTempDir();
    const root = join(dir.path, 'skills');
    const registry = createRegistry({
      sources: [createFolderSource({ root, scope: 'project', cacheDir: false })],
    });
    const store = createFolderSkillStore({ root });
    const tools = await createSkillTools({ registry, policy: createPolicyContext(), store });
    const run = (name: string, input: unknown) =>
      tools.find((tool) => tool.name === name)?.execute(input);
    const text = buildSkill({ name: 'alpha', body: 'First.\n' });
    expect(await run('create_skill', { text })).toMatchObject({ ok: true });
    expect((await registry.resolve('alpha'))?.path).toBe(join(root, 'alpha'));
    expect(
      await run('update_skill', { skill: 'alpha', operation: 'append', content: 'Second.' }),
    ).toMatchObject({ ok: true });
    expect(await registry.readBody('alpha')).toBe('First.\n\nSecond.\n');
    const refused = await run('update_skill', {
      skill: 'alpha',
      metadata: { context: 'sideways' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const invalid = await run('update_skill', {
      skill: 'alpha',
      operation: 'replace',
      target: 'skill_md',
      content: '---\nname: alpha\n---\nNo description.\n',
    });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_skill' } });
    expect(await readFile(join(root, 'alpha', 'SKILL.md'), 'utf8')).toBe(`${text}\nSecond.\n`);
    expect(await run('delete_skill', { skill: 'alpha' })).toMatchObject({ ok: true });
    expect(await registry.get('alpha')).toBeUndefined();
  });
});
