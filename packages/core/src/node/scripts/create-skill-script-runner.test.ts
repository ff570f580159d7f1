import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../registry/create-registry.ts';
import type { SkillEntry } from '../../registry/skill-entry.ts';
import { createMemorySource } from '../../source/create-memory-source.ts';
import { buildSkill } from '../../test/build-skill.ts';
import { createTempDir } from '../../test/create-temp-dir.ts';
import { writeSkillTree } from '../../test/write-skill-tree.ts';
import { createFolderSource } from '../create-folder-source.ts';
import { checkSandbox } from '../sandbox/check-sandbox.ts';
import { createSkillFolderCache } from './create-skill-folder-cache.ts';
import { createSkillScriptRunner } from './create-skill-script-runner.ts';
import { secretsFromEnvironment } from './secrets-from-environment.ts';

const sandbox = await checkSandbox();
const skipReason = sandbox.available ? '' : ` (skipped: ${sandbox.reason})`;

const APPEND_PY = `
import sys
with open('notes.txt', 'a') as file:
    file.write(sys.argv[1] + '\\n')
with open('notes.txt') as file:
    print(file.read().strip().replace('\\n', ','))
`;

async function skillTree(root: string) {
  await writeSkillTree(root, [
    {
      name: 'notes',
      description: 'Keeps notes.',
      files: {
        'scripts/append.py': APPEND_PY,
        'scripts/link.sh':
          'ln -s /etc/hostname leak\nmkdir -p sub\necho hi > sub/ok.txt\nln -s sub/ok.txt alias\nln -s sub via\nln -s /etc up\nmkfifo pipe\n',
      },
    },
    { name: 'other', description: 'Another skill.', files: { 'scripts/append.py': APPEND_PY } },
  ]);
  const registry = createRegistry({
    sources: [createFolderSource({ root, scope: 'project', watch: false })],
  });
  await registry.load();
  const entry = async (name: string) => (await registry.get(name)) as SkillEntry;
  return { registry, entry };
}

describe.skipIf(!sandbox.available)(`createSkillScriptRunner${skipReason}`, () => {
  it('keeps a scratch folder per skill for the session, and removes it on dispose', async () => {
    await using folder = await createTempDir();
    await using scratch = await createTempDir();
    const { entry, registry } = await skillTree(folder.path);
    const runner = createSkillScriptRunner({ scratchRoot: scratch.path });
    const run = async (skill: string, word: string) =>
      runner.run({
        skill: await entry(skill),
        script: 'scripts/append.py',
        args: [word],
        env: {},
        network: false,
      });
    expect((await run('notes', 'one')).stdout).toBe('one\n');
    expect((await run('notes', 'two')).stdout).toBe('one,two\n');
    const other = await run('other', 'three');
    expect(other).toMatchObject({ stdout: 'three\n', sandbox: 'bubblewrap' });
    expect(other.files).toEqual([{ path: 'notes.txt', size: 6 }]);
    const notesDir = runner.scratchDirOf('NOTES') as string;
    expect(await readFile(join(notesDir, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(runner.scratchDirOf('other')).not.toBe(notesDir);
    const read = await runner.readScratchFile(await entry('notes'), 'notes.txt', 4);
    expect({ text: new TextDecoder().decode(read.bytes), size: read.size }).toEqual({
      text: 'one\n',
      size: 8,
    });
    await runner.dispose();
    expect(existsSync(notesDir)).toBe(false);
    await registry.close();
  });

  it('keeps scratch folders apart by the key the host gives (e.g. one per revision)', async () => {
    await using folder = await createTempDir();
    await using scratch = await createTempDir();
    const { entry, registry } = await skillTree(folder.path);
    let revision = 1;
    const runner = createSkillScriptRunner({
      scratchRoot: scratch.path,
      scratchKeyOf: (skill) => `${skill.name}@${revision}`,
    });
    const run = async (word: string) =>
      (
        await runner.run({
          skill: await entry('notes'),
          script: 'scripts/append.py',
          args: [word],
          env: {},
          network: false,
        })
      ).stdout;
    expect(await run('one')).toBe('one\n');
    revision = 2;
    expect(await run('two')).toBe('two\n');
    await expect(
      runner.readScratchFile(await entry('notes'), 'notes.txt', 64),
    ).resolves.toMatchObject({
      size: 4,
    });
    expect(runner.scratchDirOf('notes@1')).not.toBe(runner.scratchDirOf('notes@2'));
    await runner.dispose();
    await registry.close();
  });

  it('refuses to read through a symlink a script made, or a file of no run', async () => {
    await using folder = await createTempDir();
    await using scratch = await createTempDir();
    const { entry, registry } = await skillTree(folder.path);
    await using runner = createSkillScriptRunner({ scratchRoot: scratch.path });
    const notes = await entry('notes');
    await expect(runner.readScratchFile(notes, 'x.txt', 100)).rejects.toMatchObject({
      code: 'scratch_file_not_found',
    });
    const result = await runner.run({
      skill: notes,
      script: 'scripts/link.sh',
      args: [],
      env: {},
      network: false,
    });
    expect(result.exitCode).toBe(0);
    for (const [path, link] of [
      ['alias', 'alias'],
      ['via/ok.txt', 'via'],
      ['leak', 'leak'],
      ['up/hostname', 'up'],
    ] as const) {
      await expect(runner.readScratchFile(notes, path, 100)).rejects.toMatchObject({
        code: 'scratch_path_outside',
        message: `Refusing to read ${JSON.stringify(path)}: ${link === path ? 'it is' : `"${link}" is`} a symbolic link a script made, and links in the scratch folder are never followed.`,
      });
    }
    // A pipe is never opened: that would wait for a writer forever.
    await expect(runner.readScratchFile(notes, 'pipe', 100)).rejects.toMatchObject({
      code: 'scratch_file_not_found',
    });
    await expect(runner.readScratchFile(notes, 'sub', 100)).rejects.toMatchObject({
      code: 'scratch_file_not_found',
    });
    await expect(runner.readScratchFile(notes, '../x', 100)).rejects.toMatchObject({
      code: 'invalid_skill_file_path',
    });
    const ok = await runner.readScratchFile(notes, 'sub/ok.txt', 100);
    expect(new TextDecoder().decode(ok.bytes)).toBe('hi\n');
    await registry.close();
  });

  it('refuses a skill with no folder on this machine', async () => {
    await using scratch = await createTempDir();
    const registry = createRegistry({
      sources: [
        createMemorySource({ scope: 'workspace', skills: [{ text: buildSkill({ name: 'db' }) }] }),
      ],
    });
    const skill = (await registry.get('db')) as SkillEntry;
    await using runner = createSkillScriptRunner({ scratchRoot: scratch.path });
    await expect(
      runner.run({ skill, script: 'scripts/a.py', args: [], env: {}, network: false }),
    ).rejects.toMatchObject({ code: 'skill_folder_unavailable' });
  });
});

describe('createSkillFolderCache', () => {
  const files = { 'scripts/hello.py': 'print("hello")\n', 'data/table.csv': 'a,b\n1,2\n' };
  const memoryRegistry = () =>
    createRegistry({
      sources: [
        createMemorySource({
          scope: 'workspace',
          skills: [{ text: buildSkill({ name: 'stored', description: 'Stored.' }), files }],
        }),
      ],
    });

  it('writes a skill once per key, read-only, with every file', async () => {
    await using cache = await createTempDir();
    const root = join(cache.path, 'skills');
    const registry = memoryRegistry();
    const entry = (await registry.get('stored')) as SkillEntry;
    const folders = createSkillFolderCache({ root });
    const [first, again] = await Promise.all([
      folders.folderOf(registry, entry, 'sha256:0123456789abcdef'),
      folders.folderOf(registry, entry, 'sha256:0123456789abcdef'),
    ]);
    expect(again).toBe(first);
    expect(first).toBe(join(root, 'sha256-0123456789abcdef'));
    expect(await readFile(join(first, 'scripts/hello.py'), 'utf8')).toBe('print("hello")\n');
    expect(await readFile(join(first, 'SKILL.md'), 'utf8')).toContain('name: stored');
    expect((await stat(join(first, 'data/table.csv'))).mode & 0o777).toBe(0o444);
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    // A second cache over the same root finds the folder and writes nothing.
    await writeFile(join(cache.path, 'marker'), '');
    const reused = await createSkillFolderCache({ root }).folderOf(
      registry,
      entry,
      'sha256:0123456789abcdef',
    );
    expect(reused).toBe(first);
  });

  it('refuses a root others may write, and a key that is not a digest', async () => {
    await using cache = await createTempDir();
    const root = join(cache.path, 'open');
    await mkdir(root);
    await chmod(root, 0o777);
    const registry = memoryRegistry();
    const entry = (await registry.get('stored')) as SkillEntry;
    await expect(
      createSkillFolderCache({ root }).folderOf(registry, entry, 'sha256:0123456789abcdef'),
    ).rejects.toMatchObject({ code: 'skill_folder_unavailable' });
    await expect(
      createSkillFolderCache({ root: join(cache.path, 'ok') }).folderOf(
        registry,
        entry,
        '../../etc',
      ),
    ).rejects.toMatchObject({ code: 'skill_folder_unavailable' });
  });
});

describe('secretsFromEnvironment', () => {
  it('gives a skill only the set variables its requires.env names', async () => {
    const registry = createRegistry({
      sources: [
        createMemorySource({
          scope: 'project',
          skills: [
            { text: buildSkill({ name: 'a', fields: { requires: { env: ['A_KEY', 'UNSET'] } } }) },
            { text: buildSkill({ name: 'b' }) },
          ],
        }),
      ],
    });
    const secretsFor = secretsFromEnvironment({ A_KEY: 'alpha', B_KEY: 'beta', UNSET: '' });
    expect(await secretsFor((await registry.get('a')) as SkillEntry)).toEqual({
      values: { A_KEY: 'alpha' },
    });
    expect(await secretsFor((await registry.get('b')) as SkillEntry)).toEqual({ values: {} });
  });
});
