import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSkillFolders } from './find-skill-folders.ts';
import { validateSkillPath } from './validate-skill-path.ts';

let root = '';
const skillText = (name: string) => `---\nname: ${name}\ndescription: d\n---\nBody\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'skillset-validate-'));
  await mkdir(path.join(root, 'good', 'nested', 'inner'), { recursive: true });
  await writeFile(path.join(root, 'good', 'SKILL.md'), skillText('good'));
  await writeFile(path.join(root, 'good', 'nested', 'inner', 'SKILL.md'), skillText('inner'));
  await mkdir(path.join(root, 'lower'));
  await writeFile(path.join(root, 'lower', 'skill.md'), skillText('lower'));
  await mkdir(path.join(root, 'empty'));
  await mkdir(path.join(root, 'node_modules', 'hidden'), { recursive: true });
  await writeFile(path.join(root, 'node_modules', 'hidden', 'SKILL.md'), skillText('hidden'));
  await writeFile(path.join(root, 'file.txt'), 'x');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const codes = (result: { issues: Array<{ code: string }> }) =>
  result.issues.map((issue) => issue.code);

describe('validateSkillPath', () => {
  it('validates a folder, its SKILL.md and `.` the same way', async () => {
    const folder = path.join(root, 'good');
    for (const [target, cwd] of [
      [folder, root],
      ['good/SKILL.md', root],
      ['.', folder],
      ['SKILL.md', folder],
    ] as const) {
      const result = await validateSkillPath(target, { cwd, profile: 'strict' });
      expect(result).toMatchObject({
        path: folder,
        name: 'good',
        description: 'd',
        valid: true,
        issues: [],
      });
    }
  });

  it('accepts a lowercase skill.md with a warning', async () => {
    const result = await validateSkillPath('lower', { cwd: root });
    expect(result.valid).toBe(true);
    expect(codes(result)).toEqual(['lowercase_skill_file']);
  });

  it('reads a Skill.md in another casing: a warning in default, an error in strict', async () => {
    await mkdir(path.join(root, 'cased'));
    await writeFile(path.join(root, 'cased', 'Skill.md'), skillText('cased'));
    const relaxed = await validateSkillPath('cased', { cwd: root });
    expect(relaxed).toMatchObject({ valid: true, file: path.join(root, 'cased', 'Skill.md') });
    expect(relaxed.issues).toEqual([
      expect.objectContaining({ code: 'misnamed_skill_file', severity: 'warning' }),
    ]);
    for (const target of ['cased', 'cased/Skill.md']) {
      const strict = await validateSkillPath(target, { cwd: root, profile: 'strict' });
      expect(strict.valid).toBe(false);
      expect(strict.issues).toEqual([
        expect.objectContaining({ code: 'misnamed_skill_file', severity: 'error' }),
      ]);
    }
  });

  it('reports a missing SKILL.md, a file that is not a folder and a missing path', async () => {
    expect(codes(await validateSkillPath('empty', { cwd: root }))).toEqual(['missing_skill_file']);
    expect(codes(await validateSkillPath('file.txt', { cwd: root }))).toEqual(['not_a_directory']);
    expect(codes(await validateSkillPath('nope', { cwd: root }))).toEqual(['path_not_found']);
  });

  it('checks the name against the folder name', async () => {
    const result = await validateSkillPath('good/nested/inner', { cwd: root, profile: 'strict' });
    expect(result.valid).toBe(true);
    await mkdir(path.join(root, 'renamed'), { recursive: true });
    await writeFile(path.join(root, 'renamed', 'SKILL.md'), skillText('good'));
    expect(codes(await validateSkillPath('renamed', { cwd: root, profile: 'strict' }))).toEqual([
      'name_folder_mismatch',
    ]);
  });
});

describe('findSkillFolders', () => {
  it('finds nested skills and skips node_modules', async () => {
    const found = await findSkillFolders(root);
    expect(found.map((folder) => path.relative(root, folder))).toEqual(
      expect.arrayContaining(['good', path.join('good', 'nested', 'inner'), 'lower']),
    );
    expect(found.some((folder) => folder.includes('node_modules'))).toBe(false);
  });
});
