import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';

async function createProject() {
  const dir = await createTempDir();
  const home = path.join(dir.path, 'home');
  const project = path.join(dir.path, 'project');
  await writeSkillTree(path.join(project, '.agents/skills'), [
    { name: 'deploy', description: 'Project deploy steps.' },
  ]);
  await writeSkillTree(path.join(home, '.claude/skills'), [
    { name: 'deploy', description: 'Personal deploy steps.' },
    { name: 'notes', description: 'Take notes.' },
  ]);
  const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
  return { dir, home, project, env };
}

describe('skillset list', () => {
  it('lists project, personal and built-in skills, reporting what a skill shadows', async () => {
    const { dir, home, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['list', '--json'], { cwd: project, env });
    expect(run.exitCode).toBe(0);
    const { skills } = JSON.parse(run.stdout);
    const byName = Object.fromEntries(skills.map((skill: { name: string }) => [skill.name, skill]));
    expect(byName.deploy).toMatchObject({
      scope: 'project',
      description: 'Project deploy steps.',
      valid: true,
      shadows: [
        { name: 'deploy', scope: 'personal', path: path.join(home, '.claude/skills/deploy') },
      ],
    });
    expect(byName.notes.scope).toBe('personal');
    expect(byName['create-skill'].scope).toBe('builtin');
  });

  it('adds --dir folders and shows invalid skills with a hint', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeSkillTree(path.join(project, 'extra'), [
      { path: 'broken', text: '---\nname: broken\n---\nno description\n' },
    ]);
    const run = await runSkillset(['list', '--dir', 'extra'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /✗ broken +project +extra\/broken\n +1 error\(s\); run: skillset validate extra\/broken/,
    );
    expect(run.stdout).toMatch(
      /✓ deploy +project +\.agents\/skills\/deploy\n +shadows personal ~\/\.claude\/skills\/deploy/,
    );
  });

  it('lists a skill reached through symbolic links once, never shadowing itself', async () => {
    const { dir, home, project, env } = await createProject();
    await using _ = dir;
    const loop = path.join(project, 'loop');
    await writeSkillTree(loop, [{ name: 'inner' }]);
    await symlink('.', path.join(loop, 'self'));
    await symlink('..', path.join(loop, 'inner/up'));
    await mkdir(path.join(home, '.agents/skills'), { recursive: true });
    await symlink(
      path.join(project, '.agents/skills/deploy'),
      path.join(home, '.agents/skills/deploy'),
      'dir',
    );
    const run = await runSkillset(['list', '--json', '--dir', 'loop'], { cwd: project, env });
    const { skills } = JSON.parse(run.stdout);
    const mine = skills.filter((skill: { scope: string }) => skill.scope !== 'builtin');
    expect(
      mine.map(({ name, path: folder, shadows }: Record<string, unknown>) => ({
        name,
        folder,
        shadows,
      })),
    ).toEqual([
      {
        name: 'deploy',
        folder: path.join(project, '.agents/skills/deploy'),
        shadows: [
          { name: 'deploy', scope: 'personal', path: path.join(home, '.claude/skills/deploy') },
        ],
      },
      { name: 'inner', folder: path.join(loop, 'inner'), shadows: [] },
      { name: 'notes', folder: path.join(home, '.claude/skills/notes'), shadows: [] },
    ]);
  });

  it('fails with a clear message when a --dir does not exist', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['list', '--dir', 'missing'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      `skillset: error: Skill folder ${path.join(project, 'missing')} does not exist.\n`,
    );
  });
});

describe('validity in list, show and validate', () => {
  it('reports bytes that are not UTF-8 in the body as validate does, and list says it read only frontmatter', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    // latin1 writes each character as one byte, so \xff is a byte that is not UTF-8.
    const write = async (name: string, text: string) => {
      await mkdir(path.join(project, 'extra', name), { recursive: true });
      await writeFile(path.join(project, 'extra', name, 'SKILL.md'), Buffer.from(text, 'latin1'));
    };
    await write('body', '---\nname: body\ndescription: Bad body.\n---\nBody \xff here\n');
    await write('head', '---\nname: head\ndescription: Bad \xff head.\n---\nBody\n');
    const validate = await runSkillset(['validate', '--json', 'extra'], { cwd: project, env });
    expect(validate.exitCode).toBe(1);
    const verdicts = JSON.parse(validate.stdout).results.map(
      (result: { name: string; valid: boolean; issues: { code: string; line: number }[] }) => [
        result.name,
        result.valid,
        result.issues.map((issue) => `${issue.code}@${issue.line}`),
      ],
    );
    expect(verdicts).toEqual([
      ['body', false, ['invalid_utf8@5']],
      ['head', false, ['invalid_utf8@3']],
    ]);

    const show = await runSkillset(['show', 'body', '--json', '--dir', 'extra'], {
      cwd: project,
      env,
    });
    expect(JSON.parse(show.stdout)).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ code: 'invalid_utf8', line: 5 })],
    });
    const list = JSON.parse(
      (await runSkillset(['list', '--json', '--dir', 'extra'], { cwd: project, env })).stdout,
    );
    expect(list.checked).toBe('frontmatter');
    const listed = Object.fromEntries(
      list.skills.map((skill: { name: string; valid: boolean }) => [skill.name, skill.valid]),
    );
    expect(listed).toMatchObject({ head: false, body: true });
    const invoke = await runSkillset(['invoke', '/body', '--dir', 'extra'], { cwd: project, env });
    expect(invoke.exitCode).toBe(1);
    expect(invoke.stderr).toContain('the skill has validation errors');
  });
});

describe('skillset show', () => {
  it('prints the manifest and body of a skill, case-insensitively', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['show', 'NOTES'], { cwd: project, env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('notes  (personal)');
    expect(run.stdout).toContain('description: Take notes.');
    expect(run.stdout).toContain('Instructions for notes.');
  });

  it('suggests the closest names for an unknown one and exits 1', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await spawnSkillset(['show', 'deplyo'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe("skillset: no skill named 'deplyo'. Did you mean: deploy?\n");
  });
});
