import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';

/**
 * Symbolic links in a skill folder — from a cloned repository, an upstream update or a local
 * folder — are never followed or created by `add`, `update`, `pack` and `export`: the skill is
 * refused whole, naming the link; and no write goes through a link in the destination.
 */
const SECRET = 'host-secret-6e1f';

function git(cwd: string, ...args: string[]) {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    stdio: 'pipe',
  });
}

async function createScene() {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const host = path.join(dir.path, 'host');
  await mkdir(project, { recursive: true });
  await mkdir(host);
  // A host file that happens to be a valid skill, and one that is plainly private.
  await writeFile(
    path.join(host, 'SKILL.md'),
    `---\nname: leaky\ndescription: ${SECRET}\n---\n${SECRET}\n`,
  );
  await writeFile(path.join(host, 'id_rsa'), SECRET);
  const env = { HOME: path.join(dir.path, 'home'), XDG_CACHE_HOME: path.join(dir.path, 'cache') };
  const run = (args: string[]) => runSkillset(args, { cwd: project, env });
  return { dir, project, host, run, [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose]() };
}

/** Every file below `folder` (links included, not followed), relative, sorted. */
async function tree(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('skill folders with symbolic links', () => {
  it('add refuses a cloned skill holding a link, and update refuses an upstream link', async () => {
    await using scene = await createScene();
    const work = path.join(scene.dir.path, 'work');
    await writeSkillTree(path.join(work, 'skills'), [
      { name: 'clean', description: 'Clean.', files: { 'notes.md': 'Notes.\n' } },
    ]);
    await mkdir(path.join(work, 'skills/leaky'));
    await symlink(path.join(scene.host, 'SKILL.md'), path.join(work, 'skills/leaky/SKILL.md'));
    await writeSkillTree(path.join(work, 'skills'), [{ name: 'sneaky', description: 'Sneaky.' }]);
    await symlink(path.join(scene.host, 'id_rsa'), path.join(work, 'skills/sneaky/key.txt'));
    await symlink('SKILL.md', path.join(work, 'skills/sneaky/alias.md'));
    git(work, 'init', '--quiet', '--initial-branch=main');
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'skills');
    const bare = path.join(scene.dir.path, 'skills.git');
    git(scene.dir.path, 'clone', '--quiet', '--bare', work, bare);
    const url = `file://${bare}`;

    const leaky = await scene.run(['add', `${url}#skills/leaky`]);
    expect(leaky.exitCode).toBe(1);
    expect(leaky.stdout).toContain(
      `SKILL.md  error    "SKILL.md" in ${url}#skills/leaky is a symbolic link, which Skillset never follows or copies; replace it with the file or folder it points to.  [symlink_entry]`,
    );
    const sneaky = await scene.run(['add', `${url}#skills/sneaky`]);
    expect(sneaky.exitCode).toBe(1);
    expect(sneaky.stdout).toContain(`"alias.md" in ${url}#skills/sneaky is a symbolic link`);
    expect(sneaky.stdout).toContain(`"key.txt" in ${url}#skills/sneaky is a symbolic link`);
    expect(`${leaky.stdout}${sneaky.stdout}`).not.toContain(SECRET);
    await expect(readdir(path.join(scene.project, '.claude/skills'))).rejects.toThrow();

    expect((await scene.run(['add', `${url}#skills/clean`])).exitCode).toBe(0);
    await symlink(path.join(scene.host, 'id_rsa'), path.join(work, 'skills/clean/notes.md.bak'));
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'a link');
    git(work, 'push', '--quiet', bare, 'main');
    const update = await scene.run(['update', 'clean']);
    expect(update.exitCode).toBe(1);
    expect(update.stderr).toMatch(
      /the new version of clean .* is not valid; nothing was replaced: "notes\.md\.bak" in .* is a symbolic link, which Skillset never follows or copies/,
    );
    expect(await tree(path.join(scene.project, '.claude/skills'))).toEqual([
      'clean/SKILL.md',
      'clean/notes.md',
    ]);
  });

  it('pack and export refuse a local skill holding a link; export never writes through one', async () => {
    await using scene = await createScene();
    const skills = path.join(scene.project, '.agents/skills');
    await writeSkillTree(skills, [
      { name: 'linked', description: 'Linked.', files: { 'notes.md': 'Notes.\n' } },
      { name: 'plain', description: 'Plain.', files: { 'notes.md': 'Notes.\n' } },
    ]);
    await symlink('notes.md', path.join(skills, 'linked/readme.md'));
    await symlink(scene.host, path.join(skills, 'linked/host'));

    const pack = await scene.run(['pack', 'linked']);
    expect(pack.exitCode).toBe(1);
    expect(pack.stdout).toContain('"host" in .agents/skills/linked is a symbolic link');
    expect(pack.stdout).toContain('"readme.md" in .agents/skills/linked is a symbolic link');
    const exported = await scene.run(['export', '--to', 'claude', 'linked']);
    expect(exported.exitCode).toBe(1);
    expect(exported.stderr).toContain('nothing was written: linked is not valid.');
    expect(await readdir(scene.project)).toEqual(['.agents']);

    // The destination folder is a link to a host folder: replaced (with --force), never written through.
    await mkdir(path.join(scene.project, '.claude/skills'), { recursive: true });
    await symlink(scene.host, path.join(scene.project, '.claude/skills/plain'));
    const blocked = await scene.run(['export', '--to', 'claude', 'plain']);
    expect(blocked.exitCode).toBe(1);
    const forced = await scene.run(['export', '--to', 'claude', 'plain', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(await tree(scene.host)).toEqual(['SKILL.md', 'id_rsa']);
    expect(await readFile(path.join(scene.host, 'id_rsa'), 'utf8')).toBe(SECRET);
    expect(await tree(path.join(scene.project, '.claude/skills'))).toEqual([
      'plain/SKILL.md',
      'plain/notes.md',
    ]);
  });
});
