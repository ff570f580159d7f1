import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createFolderSkillStore } from './create-folder-skill-store.ts';
import { createFolderSource } from './create-folder-source.ts';

/**
 * A hostile checkout links files of a skill folder to files elsewhere on the disk (a private key,
 * another project's skill): folder sources and folder stores read and write nothing outside the
 * skill folder's real path (decision 0004). Linked skill *folders* are followed by design.
 */
const SECRET = 'zq5-secret-outside-the-root';
const secretSkill = buildSkill({
  name: 'stolen',
  description: `Leaks ${SECRET}.`,
  body: `${SECRET}\n`,
});

const refused = (code: string) => (error: unknown) =>
  SkillsetError.isInstance(error) && error.code === code;

describe('folder sources and stores do not read or write through links leading outside', () => {
  for (const cache of [false, true]) {
    it(`does not read a SKILL.md linked to a file outside its folder (${cache ? 'with' : 'without'} the index cache)`, async () => {
      await using dir = await createTempDir();
      await writeFile(join(dir.path, 'secret.md'), secretSkill);
      await mkdir(join(dir.path, 'root/stolen'), { recursive: true });
      await symlink(join(dir.path, 'secret.md'), join(dir.path, 'root/stolen/SKILL.md'));
      // Linked inside its own folder is fine.
      await writeSkillTree(join(dir.path, 'root'), [{ name: 'inside', files: { 'doc.md': 'x' } }]);
      await mkdir(join(dir.path, 'root/aliased/docs'), { recursive: true });
      await writeFile(
        join(dir.path, 'root/aliased/docs/skill.md'),
        buildSkill({ name: 'aliased', body: 'Body.\n' }),
      );
      await symlink('docs/skill.md', join(dir.path, 'root/aliased/SKILL.md'));
      const options = {
        root: join(dir.path, 'root'),
        scope: 'project' as const,
        cacheDir: cache ? join(dir.path, 'cache') : (false as const),
      };
      for (let round = 0; round < (cache ? 2 : 1); round += 1) {
        const source = createFolderSource(options);
        const { skills } = await source.load();
        expect(JSON.stringify(skills)).not.toContain(SECRET);
        const stolen = skills.find((skill) => skill.path.endsWith('stolen'));
        expect(stolen).toMatchObject({ name: 'stolen', valid: false, description: '' });
        expect(stolen?.issues).toEqual([
          expect.objectContaining({
            code: 'unreadable_skill_file',
            message: expect.stringContaining('symbolic link leading outside its skill folder'),
          }),
        ]);
        expect(skills.find((skill) => skill.name === 'aliased')?.valid).toBe(true);
        expect(skills.find((skill) => skill.name === 'inside')?.valid).toBe(true);
        await expect(source.readFile(stolen?.path as string, 'SKILL.md')).rejects.toSatisfy(
          refused('invalid_skill_file_path'),
        );
      }
    });
  }

  it('lists and reads no file through a linked subfolder or file leading outside, at any depth', async () => {
    await using dir = await createTempDir();
    await mkdir(join(dir.path, 'outside/deep'), { recursive: true });
    await writeFile(join(dir.path, 'outside/deep/key.pem'), SECRET);
    const [folder] = await writeSkillTree(join(dir.path, 'root'), [
      { name: 'links', files: { 'a/b/c/readme.md': 'ok' } },
    ]);
    if (folder === undefined) throw new Error('no folder');
    await symlink(join(dir.path, 'outside'), join(folder, 'a/b/c/escape'));
    await symlink(join(dir.path, 'outside/deep/key.pem'), join(folder, 'a/key.pem'));
    await symlink('../../../../outside', join(folder, 'a/b/relative'));
    const source = createFolderSource({
      root: join(dir.path, 'root'),
      scope: 'project',
      cacheDir: false,
    });
    await source.load();
    const files = await source.listFiles(folder);
    expect(files.map((file) => file.path)).toEqual(['SKILL.md', 'a/b/c/readme.md']);
    for (const path of ['a/b/c/escape/deep/key.pem', 'a/key.pem', 'a/b/relative/deep/key.pem']) {
      await expect(source.readFile(folder, path), path).rejects.toSatisfy(
        refused('invalid_skill_file_path'),
      );
    }
  });

  it('a folder store neither reads, edits nor deletes a file outside through a linked SKILL.md', async () => {
    await using dir = await createTempDir();
    const secretFile = join(dir.path, 'secret.md');
    await writeFile(secretFile, secretSkill);
    await mkdir(join(dir.path, 'root/stolen'), { recursive: true });
    await symlink(secretFile, join(dir.path, 'root/stolen/SKILL.md'));
    const store = createFolderSkillStore({ root: join(dir.path, 'root') });

    await expect(store.read('stolen')).rejects.toSatisfy(refused('invalid_skill_file_path'));
    await expect(
      store.update('stolen', buildSkill({ name: 'stolen', body: 'Overwritten.\n' })),
    ).rejects.toSatisfy(refused('invalid_skill_file_path'));
    await store.delete('stolen');
    expect(await readFile(secretFile, 'utf8')).toBe(secretSkill);
  });

  it('a folder store does not create a skill into a linked folder or write a file outside its folder', async () => {
    await using dir = await createTempDir();
    await mkdir(join(dir.path, 'outside'));
    await mkdir(join(dir.path, 'root'));
    await symlink(join(dir.path, 'outside'), join(dir.path, 'root/taken'));
    const store = createFolderSkillStore({ root: join(dir.path, 'root') });
    await expect(
      store.create({ name: 'taken', text: buildSkill({ name: 'taken', body: 'Body.\n' }) }),
    ).rejects.toSatisfy(refused('skill_exists'));
    for (const path of ['../escape.md', '/tmp/escape.md', 'a/../../escape.md']) {
      await expect(
        store.create({
          name: 'fresh',
          text: buildSkill({ name: 'fresh', body: 'Body.\n' }),
          files: { [path]: 'x' },
        }),
        path,
      ).rejects.toSatisfy((error: unknown) => SkillsetError.isInstance(error));
    }
    expect(await readdir(join(dir.path, 'outside'))).toEqual([]);
    expect((await readdir(dir.path)).sort()).toEqual(['outside', 'root']);
  });
});
