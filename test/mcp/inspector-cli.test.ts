import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runInspector } from '../support/run-inspector.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

/** Runs `inspector --cli skillset mcp --dir <dir> <args>`. */
function inspect(options: { dir: string; home: string; args: string[] }) {
  return runInspector([skillsetBin, 'mcp', '--dir', options.dir, ...options.args], {
    cwd: options.home,
    env: { HOME: options.home },
  });
}

describe('MCP Inspector CLI against skillset mcp', () => {
  it('lists and gets skills with --verify, reads a directory and a file', async () => {
    await using home = await createTempDir();
    await using skills = await createTempDir();
    await mkdir(join(home.path, 'cache'));
    await writeSkillTree(skills.path, [
      {
        name: 'release-notes',
        description: 'Write release notes from merged pull requests.',
        body: 'Follow templates/notes.md.\n',
        files: { 'templates/notes.md': '# Notes for $VERSION\n', 'LICENSE.txt': 'MIT\n' },
      },
    ]);
    const options = { dir: skills.path, home: home.path };
    const [list, get, directory, read] = await Promise.all([
      inspect({ ...options, args: ['--method', 'skills/list', '--verify'] }),
      inspect({
        ...options,
        args: ['--method', 'skills/get', '--uri', 'skill://release-notes/SKILL.md', '--verify'],
      }),
      inspect({
        ...options,
        args: ['--method', 'resources/directory/read', '--uri', 'skill://release-notes/templates'],
      }),
      inspect({
        ...options,
        args: ['--method', 'resources/read', '--uri', 'skill://release-notes/templates/notes.md'],
      }),
    ]);

    expect(list.code, list.stdout).toBe(0);
    const reports = list.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { uri: string; outcome: string; files: unknown[] });
    expect(reports.map((report) => [report.uri, report.outcome])).toEqual([
      ['skill://create-skill/SKILL.md', 'verified'],
      ['skill://release-notes/SKILL.md', 'verified'],
    ]);
    expect(reports[1]?.files).toHaveLength(3);
    expect(list.stderr).toContain('Verified 2 skills and 4 files: no conformance errors.');

    expect(get.code, get.stdout).toBe(0);
    expect(get.stderr).toContain('Verified 1 skill and 3 files: no conformance errors.');

    expect(directory.code, directory.stdout).toBe(0);
    expect(JSON.parse(directory.stdout.slice(directory.stdout.indexOf('{')))).toEqual({
      resources: [
        {
          uri: 'skill://release-notes/templates/notes.md',
          name: 'notes.md',
          mimeType: 'text/markdown',
          size: 21,
        },
      ],
    });

    expect(read.code, read.stdout).toBe(0);
    expect(read.stdout).toContain('"text": "# Notes for $VERSION\\n"');
  }, 120_000);

  it.each([
    'legacy',
    'modern',
  ])('verifies every digest in the %s protocol era (--protocol-era, --require-digests)', async (era) => {
    await using home = await createTempDir();
    await using skills = await createTempDir();
    await mkdir(join(home.path, 'cache'));
    await writeSkillTree(skills.path, [
      {
        name: 'release-notes',
        description: 'Write release notes from merged pull requests.',
        files: { 'templates/notes.md': '# Notes\n' },
      },
    ]);
    const options = { dir: skills.path, home: home.path };
    const strict = ['--protocol-era', era, '--verify', '--require-digests'];
    const [list, get] = await Promise.all([
      inspect({ ...options, args: ['--method', 'skills/list', ...strict] }),
      inspect({
        ...options,
        args: ['--method', 'skills/get', '--uri', 'skill://release-notes/SKILL.md', ...strict],
      }),
    ]);
    expect(list.code, list.stdout + list.stderr).toBe(0);
    expect(list.stderr).toContain('Verified 2 skills and 3 files: no conformance errors.');
    expect(get.code, get.stdout + get.stderr).toBe(0);
    expect(get.stderr).toContain('Verified 1 skill and 2 files: no conformance errors.');
  }, 120_000);
});
