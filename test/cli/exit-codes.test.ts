import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';
import { createCliProject } from './create-cli-project.ts';

// One rule for every command: an error (an invalid skill the command validates, lists, shows or
// uses; a --dir that does not exist) is labelled "error" and exits 1; warnings never do.

const good: SkillTreeEntry = { name: 'good', description: 'Deploy the app. Use for deploys.' };
const warned: SkillTreeEntry = {
  name: 'warned',
  description: 'Deploy notes with an unknown field.',
  fields: { colour: 'blue' },
};
const broken: SkillTreeEntry = {
  path: 'broken',
  text: '---\nname: broken\n---\nNo description.\n',
};

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
});

async function run(skills: SkillTreeEntry[], args: string[]) {
  await using project = await createCliProject({ skills, cacheDir: cache.path });
  return await runSkillset(args, { cwd: project.project, env: project.env });
}

const commands = [
  ['validate', '.agents/skills'],
  ['list'],
  ['catalog'],
  ['search', 'deploy'],
  ['invoke', '/good staging'],
] as const;

describe('exit codes', () => {
  it('exits 0 when every skill is valid, warnings included', async () => {
    for (const args of [...commands, ['show', 'good'], ['show', 'warned']]) {
      const result = await run([good, warned], [...args]);
      expect({ args, exitCode: result.exitCode, stderr: result.stderr }).toEqual({
        args,
        exitCode: 0,
        stderr: '',
      });
    }
  });

  it('exits 1 when an invalid skill is validated, listed, shown or left out of a catalog or search', async () => {
    for (const args of [...commands.slice(0, 4), ['show', 'broken'], ['invoke', '/broken']]) {
      const result = await run([good, broken], [...args]);
      expect({ args, exitCode: result.exitCode }).toEqual({ args, exitCode: 1 });
    }
    const catalog = await run([good, broken], ['catalog']);
    expect(catalog.stderr).toMatch(
      /^skillset: error: skill 'broken' is left out of the catalog: it has validation errors; run: skillset validate \S+\/broken\n$/,
    );
    expect(catalog.stdout).toContain('good');
  });

  it('uses only the invoked skills: an unrelated invalid skill does not fail invoke', async () => {
    const result = await run([good, broken], ['invoke', '/good staging']);
    expect(result.exitCode).toBe(0);
  });

  it('labels a --dir that does not exist as an error and exits 1, in every command', async () => {
    for (const args of [...commands.slice(1), ['show', 'good']]) {
      const result = await run([good], [...args, '--dir', 'missing']);
      expect({ args, exitCode: result.exitCode }).toEqual({ args, exitCode: 1 });
      expect(result.stderr).toMatch(/^skillset: error: Skill folder \S+missing does not exist\.\n/);
    }
  });
});
