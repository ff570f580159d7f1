import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createFolderSkillStore } from '../node/create-folder-skill-store.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { createMemorySkillStore } from './create-memory-skill-store.ts';
import type { SkillStore } from './skill-store.ts';

interface StoreFixture extends AsyncDisposable {
  store: SkillStore;
}

const implementations: Array<[string, () => Promise<StoreFixture>]> = [
  [
    'memory',
    async () => ({
      store: createMemorySkillStore({ source: createMemorySource({ scope: 'project' }) }),
      async [Symbol.asyncDispose]() {},
    }),
  ],
  [
    'folder',
    async () => {
      const dir = await createTempDir();
      return {
        store: createFolderSkillStore({ root: join(dir.path, 'skills') }),
        [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose](),
      };
    },
  ],
];

const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return SkillsetError.isInstance(error) ? error.code : String(error);
  }
};

describe.each(implementations)('SkillStore (%s)', (_name, open) => {
  it('creates, reads, updates and deletes a skill, case-insensitively', async () => {
    await using fixture = await open();
    const { store } = fixture;
    expect(await store.list()).toEqual([]);
    const text = buildSkill({ name: 'alpha' });
    await store.create({ name: 'alpha', text, files: { 'docs/a.md': 'A' } });
    expect(await store.list()).toEqual(['alpha']);
    expect(await store.read('ALPHA')).toBe(text);
    const changed = buildSkill({ name: 'alpha', description: 'Changed.' });
    await store.update('Alpha', changed);
    expect(await store.read('alpha')).toBe(changed);
    await store.delete('alpha');
    expect(await store.read('alpha')).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('refuses duplicates, unknown names and invalid text, changing nothing', async () => {
    await using fixture = await open();
    const { store } = fixture;
    const text = buildSkill({ name: 'alpha' });
    await store.create({ name: 'alpha', text });
    expect(await codeOf(store.create({ name: 'alpha', text }))).toBe('skill_exists');
    expect(await codeOf(store.update('ghost', text))).toBe('skill_not_found');
    expect(await codeOf(store.delete('ghost'))).toBe('skill_not_found');
    expect(await codeOf(store.update('alpha', '---\nname: alpha\n---\n'))).toBe('invalid_skill');
    expect(await codeOf(store.update('alpha', buildSkill({ name: 'beta' })))).toBe('invalid_skill');
    expect(await codeOf(store.create({ name: 'x', text: 'no frontmatter' }))).toBe('invalid_skill');
    expect(await store.read('alpha')).toBe(text);
    expect(await store.list()).toEqual(['alpha']);
  });

  it('keeps an enabled switch per name, for held and other skills', async () => {
    await using fixture = await open();
    const { store } = fixture;
    expect(await store.isEnabled('anything')).toBe(true);
    await store.setEnabled('Builtin-One', false);
    expect(await store.isEnabled('builtin-one')).toBe(false);
    await store.setEnabled('builtin-one', true);
    expect(await store.isEnabled('builtin-one')).toBe(true);
  });
});
