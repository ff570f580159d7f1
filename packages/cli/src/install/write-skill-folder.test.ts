import { mkdir, readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { writeSkillFolder } from './write-skill-folder.ts';

const encoder = new TextEncoder();
const skillBytes = encoder.encode('---\nname: demo\ndescription: Demo.\n---\nBody\n');

describe('writeSkillFolder', () => {
  it('leaves nothing behind when a file cannot be written', async () => {
    await using dir = await createTempDir();
    const target = path.join(dir.path, 'skills/demo');
    // A file and a folder with the same name: the second write fails half-way.
    const files = [
      { path: 'a', bytes: encoder.encode('file') },
      { path: 'a/b', bytes: encoder.encode('inside') },
    ];
    await expect(writeSkillFolder({ target, skill: { skillBytes, files } })).rejects.toThrow();
    expect(await readdir(path.join(dir.path, 'skills'))).toEqual([]);
  });

  it('keeps the replaced folder when the new one cannot be written', async () => {
    await using dir = await createTempDir();
    const target = path.join(dir.path, 'skills/demo');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'SKILL.md'), 'old');
    const files = [
      { path: 'a', bytes: encoder.encode('file') },
      { path: 'a/b', bytes: encoder.encode('inside') },
    ];
    await expect(
      writeSkillFolder({ target, force: true, skill: { skillBytes, files } }),
    ).rejects.toThrow();
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
