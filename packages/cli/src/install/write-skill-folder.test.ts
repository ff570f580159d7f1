import { mkdir, readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { writeSkillFolder } from './write-skill-folder.ts';

const encoder = new TextEncoder();
const skillBytes = encoder.encode('---\nname: demo\ndescription: Demo.\n---\nBody\n');
const written = { path: 'a/one.md', bytes: encoder.encode('one') };
/** A file whose bytes cannot be had: the write fails half-way. */
const failing = {
  path: 'b/two.md',
  get bytes(): Uint8Array {
    throw new Error('the disk is full');
  },
};

describe('writeSkillFolder', () => {
  it('leaves nothing behind when a file cannot be written', async () => {
    await using dir = await createTempDir();
    const target = path.join(dir.path, 'skills/demo');
    await expect(
      writeSkillFolder({ target, skill: { skillBytes, files: [written, failing] } }),
    ).rejects.toThrow('the disk is full');
    expect(await readdir(path.join(dir.path, 'skills'))).toEqual([]);
  });

  it('refuses a path out of the folder, a file that is also a folder, or a bad folder name', async () => {
    await using dir = await createTempDir();
    const refusal = (target: string, paths: string[]) =>
      writeSkillFolder({
        target: path.join(dir.path, target),
        skill: { skillBytes, files: paths.map((file) => ({ path: file, bytes: skillBytes })) },
      }).catch((error: unknown) => (error as { code: string; message: string }).message);
    expect(await refusal('skills/demo', ['a/../../x'])).toMatch(
      /Refusing to write .*skills\/demo: Invalid skill file path "a\/..\/..\/x": ".." segments are not allowed; nothing of it was written\./,
    );
    expect(await refusal('skills/demo', ['a', 'a/b'])).toMatch(/"a" is both a file and a folder/);
    expect(await refusal('skills/Demo', [])).toMatch(/its name "Demo" is not a valid skill name/);
    expect(await readdir(dir.path)).toEqual([]);
  });

  it('keeps the replaced folder when the new one cannot be written', async () => {
    await using dir = await createTempDir();
    const target = path.join(dir.path, 'skills/demo');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'SKILL.md'), 'old');
    await expect(
      writeSkillFolder({ target, force: true, skill: { skillBytes, files: [written, failing] } }),
    ).rejects.toThrow('the disk is full');
    expect(await readdir(path.join(dir.path, 'skills'))).toEqual(['demo']);
    expect(await readFile(path.join(target, 'SKILL.md'), 'utf8')).toBe('old');
  });

  it('replaces a folder with a relative link, and refuses without force', async () => {
    await using dir = await createTempDir();
    const target = path.join(dir.path, 'skills/demo');
    await writeSkillFolder({ target, skill: { skillBytes, files: [] } });
    await expect(writeSkillFolder({ target, linkTo: dir.path })).rejects.toThrow(
      /already exists; pass --force to replace it/,
    );
    expect(await writeSkillFolder({ target, linkTo: dir.path, force: true })).toEqual({
      replaced: true,
    });
    expect(await readlink(target)).toBe('..');
    expect(await readdir(path.join(dir.path, 'skills'))).toEqual(['demo']);
  });
});
