import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

const run = promisify(execFile);
const inspectorDir = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'inspector');

/** Runs `inspector --cli skillset mcp --dir <dir> <args>` as a person would; resolves with its output (stdout: results and reports, stderr: summaries) and exit code. */
async function inspect(options: { dir: string; home: string; args: string[] }) {
  const manifest = JSON.parse(await readFile(join(inspectorDir, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  const launcher = join(inspectorDir, manifest.bin.inspector ?? '');
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [launcher, '--cli', skillsetBin, 'mcp', '--dir', options.dir, ...options.args],
      {
        cwd: options.home,
        env: { PATH: process.env.PATH ?? '', HOME: options.home, NO_COLOR: '1' },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
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
});
