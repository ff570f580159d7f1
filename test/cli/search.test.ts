import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import { sharedPath } from '../support/shared-dir.ts';
import { createCliProject } from './create-cli-project.ts';

const skills: SkillTreeEntry[] = [
  { name: 'deploy', description: 'Deploy the web app to staging or production servers.' },
  { name: 'pdf-forms', description: 'Fill in PDF forms and extract their fields.' },
  { name: 'release-notes', description: 'Write release notes from the merged pull requests.' },
  { name: 'deploy-secrets', description: 'Rotate the secrets used to deploy the app.' },
];

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
});

async function search(args: string[]) {
  await using project = await createCliProject({
    skills,
    policy: { rules: [{ skill: '*-secrets', action: 'deny' }] },
    cacheDir: cache.path,
  });
  return await runSkillset(['search', ...args], { cwd: project.project, env: project.env });
}

describe('skillset search', () => {
  it('prints ranked results as JSON, leaving out denied skills', async () => {
    const run = await search(['deploy secrets', '--json']);
    expect(run.exitCode).toBe(0);
    const { results } = JSON.parse(run.stdout);
    expect(results.map((result: { name: string }) => result.name)).not.toContain('deploy-secrets');
    expect(results[0]).toEqual({
      name: 'deploy',
      score: expect.any(Number),
      description: 'Deploy the web app to staging or production servers.',
    });
    expect(Object.keys(results[0])).toEqual(['name', 'score', 'description']);
  });

  it('prints a ranked list with scores', async () => {
    const run = await search(['write the notes for a release']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "1. release-notes  3.21  Write release notes from the merged pull requests.
      2. create-skill   1.59  Write a new skill (a SKILL.md with instructions) and save it where this agent keeps skills. Use whe…
      3. deploy         0.04  Deploy the web app to staging or production servers.
      "
    `);
  });

  it('says so when nothing matches', async () => {
    const run = await search(['kubernetes']);
    expect(run).toMatchObject({ exitCode: 0, stdout: "No skill matches 'kubernetes'.\n" });
  });

  it('limits the results and rejects a --limit that is not a positive integer', async () => {
    const limited = JSON.parse((await search(['app', '--limit', '1', '--json'])).stdout);
    expect(limited.results).toHaveLength(1);
    for (const limit of ['0', '-1', 'ten']) {
      const run = await search(['app', '--limit', limit]);
      expect(run.exitCode, limit).toBe(2);
      expect(run.stderr).toContain(`expected a positive integer, got '${limit}'`);
    }
  });

  it('finds skills in the shared corpus, as a spawned process', async () => {
    await using project = await createCliProject({ cacheDir: cache.path });
    const run = await spawnSkillset(
      ['search', 'fill a pdf form', '--dir', sharedPath('corpus'), '--limit', '3', '--json'],
      { cwd: project.project, env: project.env },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const { results } = JSON.parse(run.stdout);
    expect(results).toHaveLength(3);
    expect(results[0].name).toBe('pdftk-server');
    expect(results[0].score).toBeGreaterThan(results[2].score);
  });

  it("keeps each skill's terms in the user cache and re-reads only skills that changed", async () => {
    await using ownCache = await createTempDir();
    await using project = await createCliProject({ skills, cacheDir: ownCache.path });
    const skillFile = (name: string) =>
      path.join(project.project, '.agents/skills', name, 'SKILL.md');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const skill of skills) await utimes(skillFile(skill.name as string), anHourAgo, anHourAgo);
    const run = (query: string) =>
      runSkillset(['search', query, '--json'], { cwd: project.project, env: project.env });
    const names = (output: { stdout: string }) =>
      JSON.parse(output.stdout).results.map((result: { name: string }) => result.name);

    expect(names(await run('kubernetes'))).toEqual([]);
    const folder = path.join(ownCache.path, 'skillset');
    const [cacheFile] = (await readdir(folder)).filter(
      (name) => name.startsWith('search-') && name.endsWith('.json'),
    );
    const cache = JSON.parse(await readFile(path.join(folder, cacheFile as string), 'utf8'));
    // The project's skills and the built-in one.
    expect(Object.keys(cache.skills)).toHaveLength(skills.length + 1);
    expect(Object.keys(cache.skills)).toEqual(
      expect.arrayContaining(skills.map((skill) => skillFile(skill.name as string))),
    );
    // Terms written into the cache are searched without the file being read again.
    cache.skills[skillFile('pdf-forms')].counts[3] = 'zebra 1';
    await writeFile(path.join(folder, cacheFile as string), JSON.stringify(cache));
    // (The built postings of the unchanged set would answer first: drop them.)
    await rm(path.join(folder, (cacheFile as string).replace(/\.json$/, '.postings')));
    expect(names(await run('zebra'))).toEqual(['pdf-forms']);
    // An edited skill is read again; the others keep their cached terms.
    await writeFile(
      skillFile('deploy'),
      '---\nname: deploy\ndescription: Deploy the web app.\n---\nUse kubernetes.\n',
    );
    expect(names(await run('kubernetes'))).toEqual(['deploy']);
    expect(names(await run('zebra'))).toEqual(['pdf-forms']);
  });

  it('answers a search over an unchanged skill set from the persisted postings alone', async () => {
    await using ownCache = await createTempDir();
    await using project = await createCliProject({ skills, cacheDir: ownCache.path });
    const skillFile = (name: string) =>
      path.join(project.project, '.agents/skills', name, 'SKILL.md');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const skill of skills) await utimes(skillFile(skill.name as string), anHourAgo, anHourAgo);
    const run = async (query: string) => {
      const output = await runSkillset(['search', query, '--json'], {
        cwd: project.project,
        env: project.env,
      });
      expect(output.exitCode).toBe(0);
      return JSON.parse(output.stdout).results;
    };
    const folder = path.join(ownCache.path, 'skillset');
    const filesEnding = async (suffix: string) =>
      (await readdir(folder)).filter((name) => name.startsWith('search-') && name.endsWith(suffix));

    const first = await run('fill pdf forms');
    expect(first.length).toBeGreaterThan(0);
    const [postingsFile] = await filesEnding('.postings');
    expect(postingsFile).toBeDefined();
    // Without the per-skill terms, the postings alone give the same ranking and nothing is re-read.
    for (const name of await filesEnding('.json')) await rm(path.join(folder, name));
    expect(await run('fill pdf forms')).toEqual(first);
    expect(await filesEnding('.json')).toEqual([]);
    // A damaged postings file is rebuilt, not trusted.
    await writeFile(path.join(folder, postingsFile as string), 'skillset-search-postings 2 junk\n');
    expect(await run('fill pdf forms')).toEqual(first);
    expect(await filesEnding('.json')).toHaveLength(1);
    // A changed skill changes the set's fingerprint: its new terms are searched.
    await writeFile(
      skillFile('deploy'),
      '---\nname: deploy\ndescription: Deploy the web app.\n---\nUse kubernetes.\n',
    );
    expect((await run('kubernetes')).map((hit: { name: string }) => hit.name)).toEqual(['deploy']);
  });
});
