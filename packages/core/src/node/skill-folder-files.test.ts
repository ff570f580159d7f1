import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSkillFolderFiles } from './skill-folder-files.ts';

const deep = (levels: number) => `${Array.from({ length: levels - 1 }, () => 'd').join('/')}/f.txt`;

describe('listSkillFolderFiles (path limits)', () => {
  it('listing a skill folder leaves out files past the depth limit', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'skill-path-limits-'));
    try {
      await writeFile(join(folder, 'SKILL.md'), '---\nname: x\ndescription: x\n---\n');
      const ok = join(folder, ...deep(32).split('/').slice(0, -1));
      const tooDeep = join(folder, ...deep(40).split('/').slice(0, -1));
      await mkdir(tooDeep, { recursive: true });
      await writeFile(join(ok, 'f.txt'), 'ok');
      await writeFile(join(tooDeep, 'f.txt'), 'too deep');
      const paths = (await listSkillFolderFiles(folder)).map((file) => file.path);
      expect(paths.sort()).toEqual(['SKILL.md', deep(32)]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
