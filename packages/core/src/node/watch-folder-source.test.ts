import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/create-registry.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { waitForChange } from '../test/wait-for-change.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createFolderSource } from './create-folder-source.ts';

async function watched() {
  const dir = await createTempDir();
  await writeSkillTree(dir.path, [{ name: 'first' }, { name: 'nested', path: 'group/nested' }]);
  const source = createFolderSource({
    root: dir.path,
    scope: 'project',
    cacheDir: false,
    watch: true,
  });
  const registry = createRegistry({ sources: [source] });
  await registry.load();
  return {
    root: dir.path,
    registry,
    async [Symbol.asyncDispose]() {
      await registry.close();
      await dir[Symbol.asyncDispose]();
    },
  };
}

describe('folder source watching', () => {
  it('reports a skill folder added at the top level and nested', async () => {
    await using setup = await watched();
    const added = waitForChange(setup.registry, { match: (change) => change.name === 'second' });
    await writeSkillTree(setup.root, [{ name: 'second' }]);
    expect(await added).toMatchObject({
      type: 'added',
      scope: 'project',
      path: join(setup.root, 'second'),
    });

    const nested = waitForChange(setup.registry, { match: (change) => change.name === 'deep' });
    await writeSkillTree(setup.root, [{ name: 'deep', path: 'group/sub/deep' }]);
    expect(await nested).toMatchObject({ type: 'added', path: join(setup.root, 'group/sub/deep') });
    expect((await setup.registry.get('deep'))?.valid).toBe(true);
  });

  it('reports a changed SKILL.md with the new manifest', async () => {
    await using setup = await watched();
    const changed = waitForChange(setup.registry);
    await writeFile(
      join(setup.root, 'group/nested/SKILL.md'),
      buildSkill({ name: 'nested', description: 'Now different.' }),
    );
    expect(await changed).toMatchObject({ type: 'changed', name: 'nested' });
    expect((await setup.registry.get('nested'))?.description).toBe('Now different.');
  });

  it('reports removal when SKILL.md or the whole folder is deleted', async () => {
    await using setup = await watched();
    const fileRemoved = waitForChange(setup.registry);
    await rm(join(setup.root, 'first/SKILL.md'));
    expect(await fileRemoved).toMatchObject({ type: 'removed', name: 'first' });

    const folderRemoved = waitForChange(setup.registry);
    await rm(join(setup.root, 'group'), { recursive: true });
    expect(await folderRemoved).toMatchObject({ type: 'removed', name: 'nested' });
    expect(await setup.registry.list()).toEqual([]);
  });

  it('reports a skill folder moved in from elsewhere', async () => {
    await using setup = await watched();
    await using outside = await createTempDir();
    await writeSkillTree(outside.path, [{ name: 'moved' }]);
    const added = waitForChange(setup.registry, { match: (change) => change.name === 'moved' });
    await rename(join(outside.path, 'moved'), join(setup.root, 'moved'));
    expect(await added).toMatchObject({ type: 'added' });
  });

  it('ignores files that are not skill files and folders it skips, and sees nested skills', async () => {
    await using setup = await watched();
    const events: string[] = [];
    setup.registry.on('change', (change) => events.push(`${change.type}:${change.name}`));
    await writeFile(join(setup.root, 'first/notes.md'), 'notes');
    await mkdir(join(setup.root, 'node_modules/pkg'), { recursive: true });
    await writeFile(join(setup.root, 'node_modules/pkg/SKILL.md'), buildSkill({ name: 'pkg' }));
    await writeSkillTree(setup.root, [{ name: 'inside', path: 'first/inside' }]);
    const marker = waitForChange(setup.registry, { match: (change) => change.name === 'marker' });
    await writeSkillTree(setup.root, [{ name: 'marker' }]);
    await marker;
    expect(events.sort()).toEqual(['added:inside', 'added:marker']);
  });

  it('sees a skill added at exactly maxDepth but not deeper', async () => {
    await using dir = await createTempDir();
    const source = createFolderSource({
      root: dir.path,
      scope: 'project',
      cacheDir: false,
      watch: true,
      maxDepth: 2,
    });
    const registry = createRegistry({ sources: [source] });
    await registry.load();
    const events: string[] = [];
    registry.on('change', (change) => events.push(change.name));
    const edge = waitForChange(registry, { match: (change) => change.name === 'edge' });
    await writeSkillTree(dir.path, [
      { name: 'too-deep', path: 'a/b/too-deep' },
      { name: 'edge', path: 'x/edge' },
    ]);
    await edge;
    await registry.refresh();
    expect(events).toEqual(['edge']);
    await registry.close();
  });
});
