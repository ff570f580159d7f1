import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { repoRoot } from '../support/shared-dir.ts';

describe('node_modules/.bin/skillset', () => {
  it('prints the package version from any folder', async () => {
    await using dir = await createTempDir();
    const manifest = JSON.parse(
      await readFile(path.join(repoRoot, 'packages/cli/package.json'), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await spawnSkillset([flag], { cwd: dir.path });
      expect(run).toMatchObject({ exitCode: 0, stdout: `${manifest.version}\n`, stderr: '' });
    }
  });

  it('lists the skills of a folder outside the repository', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(path.join(dir.path, 'skills'), [
      { name: 'greet', description: 'Greet someone.' },
    ]);
    const run = await spawnSkillset(['list', '--dir', 'skills', '--json'], {
      cwd: dir.path,
      env: { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') },
    });
    expect(run.stderr).toBe('');
    const names = (JSON.parse(run.stdout) as { skills: { name: string }[] }).skills.map(
      (skill) => skill.name,
    );
    expect(names.sort()).toEqual(['create-skill', 'greet']);
  });
});
