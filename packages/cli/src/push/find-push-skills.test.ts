import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import type { Terminal } from '../output/terminal.ts';
import { findPushSkills } from './find-push-skills.ts';

async function project() {
  const dir = await createTempDir();
  const cwd = path.join(dir.path, 'project');
  const terminal = {
    cwd,
    env: { HOME: path.join(dir.path, 'home'), XDG_CACHE_HOME: path.join(dir.path, 'cache') },
    stdout: process.stdout,
    stderr: process.stderr,
  } as Terminal;
  const skill = async (folder: string, name = path.basename(folder)) => {
    await mkdir(path.join(cwd, folder), { recursive: true });
    await writeFile(
      path.join(cwd, folder, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Does the ${name} work.\n---\n\nBody.\n`,
    );
  };
  return { terminal, cwd, skill, [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose]() };
}

const names = (result: Awaited<ReturnType<typeof findPushSkills>>) =>
  result.ok ? result.candidates.map((candidate) => candidate.name) : result.message;

describe('findPushSkills', () => {
  it('takes every project skill but those sync or add installed, unless one is named', async () => {
    await using scene = await project();
    await scene.skill('.claude/skills/own');
    await scene.skill('.agents/skills/also-own');
    await scene.skill('.claude/skills/synced');
    await writeFile(
      path.join(scene.cwd, 'skillset-lock.json'),
      JSON.stringify({
        version: 1,
        skills: {
          synced: {
            source: { type: 'server', url: 'http://x', workspace: 'w', version: 3 },
            folders: ['.claude/skills/synced'],
            files: {},
          },
        },
      }),
    );
    const all = await findPushSkills(scene.terminal, { targets: [], dirs: [] });
    expect(names(all)).toEqual(['also-own', 'own']);
    expect(all.ok && all.skipped).toEqual(['synced']);
    const named = await findPushSkills(scene.terminal, { targets: ['SYNCED'], dirs: [] });
    expect(names(named)).toEqual(['synced']);
  });

  it('reads a path as a skill folder or its SKILL.md, once however often it is named', async () => {
    await using scene = await project();
    await scene.skill('skills/deploy');
    const found = await findPushSkills(scene.terminal, {
      targets: ['skills/deploy', 'skills/deploy/SKILL.md', './skills/deploy/'],
      dirs: [],
    });
    expect(names(found)).toEqual(['deploy']);
    const fromDir = await findPushSkills(scene.terminal, { targets: [], dirs: ['skills'] });
    expect(names(fromDir)).toEqual(['deploy']);
  });

  it('refuses a path without SKILL.md, a missing path, an unknown name and two folders of one skill', async () => {
    await using scene = await project();
    await scene.skill('a/deploy');
    await scene.skill('b/deploy');
    await mkdir(path.join(scene.cwd, 'empty'), { recursive: true });
    const refused = async (targets: string[]) =>
      names(await findPushSkills(scene.terminal, { targets, dirs: [] }));
    expect(await refused(['empty/'])).toBe(
      'empty/ has no SKILL.md; pass a skill folder (one holding SKILL.md) or the name of a project skill.',
    );
    expect(await refused(['./gone'])).toBe(
      './gone does not exist; pass a skill folder (one holding SKILL.md) or the name of a project skill.',
    );
    expect(await refused(['deploy'])).toBe(
      "no project skill named 'deploy'. Run `skillset list` to see the project skills, or pass the skill folder.",
    );
    expect(await refused(['a/deploy', 'b/deploy'])).toBe(
      'a/deploy and b/deploy both hold the skill deploy; push one of them.',
    );
    expect(await refused([])).toBe(
      'no project skills to push; keep skills in .claude/skills or .agents/skills, pass --dir, or pass a skill folder.',
    );
  });
});
