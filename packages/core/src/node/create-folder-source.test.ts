import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createFolderSource } from './create-folder-source.ts';

const names = (skills: readonly { name: string }[]) => skills.map((skill) => skill.name).sort();

describe('createFolderSource', () => {
  it('discovers top-level skills, skills in groups and skills nested inside a skill', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [
      { name: 'alpha' },
      { name: 'beta', path: 'group/beta' },
      { name: 'gamma', path: 'group/deeper/gamma' },
      { name: 'inner', path: 'alpha/examples/inner' },
    ]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const { skills, issues } = await source.load();
    expect(names(skills)).toEqual(['alpha', 'beta', 'gamma', 'inner']);
    expect(issues).toEqual([]);
    const beta = skills.find((skill) => skill.name === 'beta');
    expect(beta).toMatchObject({
      path: join(dir.path, 'group/beta'),
      skillFile: join(dir.path, 'group/beta/SKILL.md'),
      valid: true,
    });
    expect(beta?.size).toBeGreaterThan(0);
    expect(source.id).toBe(`project:${dir.path}`);
  });

  it('skips .git and node_modules but searches other dot-folders', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [
      { name: 'kept' },
      { name: 'in-git', path: '.git/in-git' },
      { name: 'in-modules', path: 'node_modules/in-modules' },
      { name: 'nested-modules', path: 'group/node_modules/nested-modules' },
      { name: 'hidden', path: '.curated/hidden' },
    ]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    expect(names((await source.load()).skills)).toEqual(['hidden', 'kept']);
  });

  it('accepts a lowercase skill.md with a warning', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'lower', skillFileName: 'skill.md' }]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const [skill] = (await source.load()).skills;
    expect(skill).toMatchObject({ name: 'lower', valid: true });
    expect(skill?.skillFile).toBe(join(dir.path, 'lower', 'skill.md'));
    expect(skill?.issues.map((issue) => issue.code)).toEqual(['lowercase_skill_file']);
  });

  it('reads a Skill.md in another casing: a warning in default, invalid in strict', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'cased', skillFileName: 'Skill.md' }]);
    for (const [profile, valid, severity] of [
      ['default', true, 'warning'],
      ['strict', false, 'error'],
    ] as const) {
      const source = createFolderSource({
        root: dir.path,
        scope: 'project',
        profile,
        cacheDir: false,
      });
      const [skill] = (await source.load()).skills;
      expect(skill).toMatchObject({ name: 'cased', valid });
      expect(skill?.skillFile).toBe(join(dir.path, 'cased', 'Skill.md'));
      expect(skill?.issues).toEqual([
        expect.objectContaining({ code: 'misnamed_skill_file', severity }),
      ]);
    }
  });

  it('treats a root that holds SKILL.md as one skill', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'solo' }]);
    const source = createFolderSource({
      root: join(dir.path, 'solo'),
      scope: 'project',
      cacheDir: false,
    });
    expect(names((await source.load()).skills)).toEqual(['solo']);
  });

  it('lists invalid skills with their issues, named after the folder', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [
      { path: 'broken', text: '---\nname: broken\n' },
      { path: 'mismatch', text: buildSkill({ name: 'other-name' }) },
    ]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const { skills } = await source.load();
    const broken = skills.find((skill) => skill.path.endsWith('broken'));
    expect(broken).toMatchObject({ name: 'broken', valid: false, description: '' });
    expect(broken?.issues.map((issue) => issue.code)).toContain('unclosed_frontmatter');
    const mismatch = skills.find((skill) => skill.path.endsWith('mismatch'));
    expect(mismatch?.name).toBe('other-name');
    expect(mismatch?.issues.map((issue) => issue.code)).toContain('name_folder_mismatch');
  });

  it('warns when skills lie deeper than maxDepth and does not find them', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [
      { name: 'shallow', path: 'a/shallow' },
      { name: 'deep', path: 'a/b/c/deep' },
    ]);
    const source = createFolderSource({
      root: dir.path,
      scope: 'project',
      cacheDir: false,
      maxDepth: 2,
    });
    const { skills, issues } = await source.load();
    expect(names(skills)).toEqual(['shallow']);
    expect(issues).toMatchObject([
      { code: 'scan_depth_limit', severity: 'warning', path: join(dir.path, 'a/b') },
    ]);
  });

  it('stops at maxSkills with a warning', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(
      dir.path,
      ['s1', 's2', 's3', 's4', 's5'].map((name) => ({ name })),
    );
    const source = createFolderSource({
      root: dir.path,
      scope: 'project',
      cacheDir: false,
      maxSkills: 3,
    });
    const { skills, issues } = await source.load();
    expect(names(skills)).toEqual(['s1', 's2', 's3']);
    expect(issues.map((issue) => issue.code)).toEqual(['scan_skill_limit']);
  });

  it('reports a missing root as a warning, or an error when required, and provides no skills', async () => {
    await using dir = await createTempDir();
    for (const [required, severity] of [
      [false, 'warning'],
      [true, 'error'],
    ] as const) {
      const source = createFolderSource({
        root: join(dir.path, 'nope'),
        scope: 'project',
        cacheDir: false,
        required,
      });
      const { skills, issues } = await source.load();
      expect(skills).toEqual([]);
      expect(issues.map((issue) => [issue.code, issue.severity])).toEqual([
        ['source_root_missing', severity],
      ]);
    }
  });

  it('reads only the frontmatter at scan time and the body on demand', async () => {
    await using dir = await createTempDir();
    const body = `# Big\n\n${'lorem ipsum dolor sit amet '.repeat(400_000)}\n`;
    await writeSkillTree(dir.path, [{ name: 'big', body }]);
    const source = createFolderSource({
      root: dir.path,
      scope: 'project',
      cacheDir: false,
      maxSkillFileBytes: 64 * 1024 * 1024,
    });
    const { skills } = await source.load();
    expect(skills[0]?.size).toBeGreaterThan(10_000_000);
    expect(skills[0]?.valid).toBe(true);
    expect(source.lastScan()?.bytesRead).toBeLessThanOrEqual(4096);
    const text = await source.readSkillText(join(dir.path, 'big'));
    expect(text.endsWith(body)).toBe(true);
  });

  it('grows the prefix when the frontmatter is longer than the first chunk', async () => {
    await using dir = await createTempDir();
    const description = 'word '.repeat(180).trim();
    const tags = Array.from({ length: 400 }, (_, index) => `tag-${index}`);
    await writeSkillTree(dir.path, [
      { name: 'long', description, fields: { tags }, body: 'x'.repeat(100_000) },
    ]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const [skill] = (await source.load()).skills;
    expect(skill?.valid).toBe(true);
    expect(skill?.manifest?.tags).toHaveLength(400);
    expect(source.lastScan()?.bytesRead).toBeLessThan(100_000);
  });

  it('marks a SKILL.md over the size limit invalid but still names it', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'huge', body: 'y'.repeat(2 * 1024 * 1024) }]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const [skill] = (await source.load()).skills;
    expect(skill).toMatchObject({ name: 'huge', valid: false });
    expect(skill?.issues.map((issue) => issue.code)).toEqual(['file_too_large']);
  });

  it('follows a symlinked skill folder inside the root', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'linked', path: 'elsewhere/linked' }]);
    await mkdir(join(dir.path, 'root'));
    await symlink(join(dir.path, 'elsewhere/linked'), join(dir.path, 'root/linked'));
    await symlink(join(dir.path, 'root'), join(dir.path, 'root/loop'));
    const source = createFolderSource({
      root: join(dir.path, 'root'),
      scope: 'personal',
      cacheDir: false,
    });
    const { skills } = await source.load();
    expect(skills.map((skill) => skill.path)).toEqual([join(dir.path, 'root/linked')]);
  });

  it('reads a skill once when links lead back to its own folder or an ancestor', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'inner', path: 'loop/inner' }]);
    await symlink('.', join(dir.path, 'loop/self'));
    await symlink('..', join(dir.path, 'loop/inner/up'));
    await symlink(dir.path, join(dir.path, 'loop/inner/top'));
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    const { skills } = await source.load();
    expect(skills.map((skill) => skill.path)).toEqual([join(dir.path, 'loop/inner')]);
  });

  it('reads a folder reached by a link and by its own path once, at its own path', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'real', path: 'root/b/real' }]);
    await writeSkillTree(dir.path, [{ name: 'outside', path: 'outside/outside' }]);
    await symlink(join(dir.path, 'root/b'), join(dir.path, 'root/a'));
    await symlink(join(dir.path, 'outside'), join(dir.path, 'root/c'));
    await symlink(join(dir.path, 'outside'), join(dir.path, 'root/d'));
    await symlink(join(dir.path, 'root/c'), join(dir.path, 'outside/back'));
    const source = createFolderSource({
      root: join(dir.path, 'root'),
      scope: 'project',
      cacheDir: false,
    });
    const { skills } = await source.load();
    expect(skills.map((skill) => [skill.path, skill.realPath])).toEqual([
      [join(dir.path, 'root/b/real'), undefined],
      [join(dir.path, 'root/c/outside'), join(dir.path, 'outside/outside')],
    ]);
  });

  it('lists files confined to the skill folder and refuses to read outside it', async () => {
    await using dir = await createTempDir();
    await writeFile(join(dir.path, 'secret.txt'), 'secret');
    const [folder] = await writeSkillTree(join(dir.path, 'skills'), [
      {
        name: 'files',
        files: { 'scripts/run.sh': 'echo run', 'references/a.md': 'A', '.git/HEAD': 'x' },
      },
    ]);
    if (folder === undefined) throw new Error('no folder');
    await symlink(join(dir.path, 'secret.txt'), join(folder, 'leak.txt'));
    await symlink(join(dir.path), join(folder, 'parent'));
    await symlink(join(folder, 'references/a.md'), join(folder, 'alias.md'));
    const source = createFolderSource({
      root: join(dir.path, 'skills'),
      scope: 'project',
      cacheDir: false,
    });
    await source.load();

    const files = await source.listFiles(folder);
    expect(files.map((file) => file.path)).toEqual([
      'SKILL.md',
      'alias.md',
      'references/a.md',
      'scripts/run.sh',
    ]);
    expect(files.find((file) => file.path === 'scripts/run.sh')?.size).toBe(8);
    expect(new TextDecoder().decode(await source.readFile(folder, 'alias.md'))).toBe('A');
    const refused = (code: string) => (error: unknown) =>
      SkillsetError.isInstance(error) && error.code === code;
    await expect(source.readFile(folder, 'leak.txt')).rejects.toSatisfy(
      refused('invalid_skill_file_path'),
    );
    await expect(source.readFile(folder, 'parent/secret.txt')).rejects.toSatisfy(
      refused('invalid_skill_file_path'),
    );
    await expect(source.readFile(folder, '../secret.txt')).rejects.toSatisfy(
      refused('invalid_skill_file_path'),
    );
    await expect(source.readFile(folder, '/etc/passwd')).rejects.toSatisfy(
      refused('invalid_skill_file_path'),
    );
    await expect(source.readFile(folder, 'scripts')).rejects.toSatisfy(
      refused('skill_file_not_found'),
    );
    await expect(source.readFile(folder, 'nope.txt')).rejects.toSatisfy(
      refused('skill_file_not_found'),
    );
    await expect(source.listFiles(join(dir.path, 'elsewhere'))).rejects.toSatisfy(
      refused('skill_not_found'),
    );
  });

  it('reports added, changed and removed skills on refresh', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'stay' }, { name: 'edit' }, { name: 'gone' }]);
    const source = createFolderSource({ root: dir.path, scope: 'project', cacheDir: false });
    await source.load();
    const changes: string[] = [];
    source.subscribe((change) => changes.push(`${change.type}:${change.skill.name}`));
    await writeSkillTree(dir.path, [
      { name: 'edit', description: 'A longer description than before, so the size changes.' },
      { name: 'fresh' },
    ]);
    const { rm } = await import('node:fs/promises');
    await rm(join(dir.path, 'gone'), { recursive: true });
    await source.refresh();
    expect(changes.sort()).toEqual(['added:fresh', 'changed:edit', 'removed:gone']);
  });
});
