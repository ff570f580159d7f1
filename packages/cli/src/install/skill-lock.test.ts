import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import {
  describeLocalEdits,
  digestSkillFolder,
  findLocalEdits,
  readSkillLock,
  sha256Hex,
  writeSkillLock,
} from './skill-lock.ts';

describe('skillset-lock.json', () => {
  it('round-trips in name order, and a missing file is an empty lock', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'skillset-lock.json');
    expect(await readSkillLock(file)).toEqual({ version: 1, skills: {} });
    const entry = {
      source: { type: 'server' as const, url: 'http://x', workspace: 'w', version: 2 },
      folders: ['.claude/skills/b'],
      files: { 'z.md': 'a'.repeat(64), 'SKILL.md': 'b'.repeat(64) },
    };
    await writeSkillLock(file, { version: 1, skills: { b: entry, a: entry } });
    const text = await readFile(file, 'utf8');
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    expect(text.indexOf('"SKILL.md"')).toBeLessThan(text.indexOf('"z.md"'));
    expect(await readSkillLock(file)).toEqual({ version: 1, skills: { a: entry, b: entry } });
  });

  it('names the file and the problem when it is malformed', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'skillset-lock.json');
    await writeFile(file, '{"version": 1, "skills": {"a": {"folders": []}}}');
    await expect(readSkillLock(file)).rejects.toThrow(
      /skillset-lock\.json is not a Skillset lockfile: skills\.a\.source/,
    );
    await writeFile(file, '{');
    await expect(readSkillLock(file)).rejects.toThrow(/is not valid JSON/);
    const local = { type: 'local', spec: './x', path: 'x', commit: 'abc' };
    await writeFile(
      file,
      JSON.stringify({ version: 1, skills: { a: { source: local, folders: ['a'], files: {} } } }),
    );
    await expect(readSkillLock(file)).rejects.toThrow(
      /skills\.a\.source: Unrecognized key: "commit"/,
    );
  });

  it('records a skill added from a local folder or .zip by the path it was read from', async () => {
    await using dir = await createTempDir();
    const file = path.join(dir.path, 'skillset-lock.json');
    const entry = {
      source: { type: 'local' as const, spec: '../lint.zip', path: '../lint.zip' },
      folders: ['.claude/skills/lint'],
      files: { 'SKILL.md': 'c'.repeat(64) },
    };
    await writeSkillLock(file, { version: 1, skills: { lint: entry } });
    expect(await readSkillLock(file)).toEqual({ version: 1, skills: { lint: entry } });
  });

  it('finds files changed, added and removed since the install', async () => {
    await using dir = await createTempDir();
    const folder = path.join(dir.path, 'deploy');
    await mkdir(path.join(folder, 'scripts'), { recursive: true });
    await writeFile(path.join(folder, 'SKILL.md'), 'one');
    await writeFile(path.join(folder, 'scripts/run.sh'), 'echo');
    const installed = await digestSkillFolder(folder);
    expect(installed).toEqual({
      'SKILL.md': sha256Hex(new TextEncoder().encode('one')),
      'scripts/run.sh': sha256Hex(new TextEncoder().encode('echo')),
    });
    expect(await findLocalEdits(folder, installed)).toBeUndefined();
    await writeFile(path.join(folder, 'SKILL.md'), 'two');
    await writeFile(path.join(folder, 'notes.md'), 'mine');
    await rm(path.join(folder, 'scripts/run.sh'));
    const edits = await findLocalEdits(folder, installed);
    expect(edits).toEqual({
      changed: ['SKILL.md'],
      added: ['notes.md'],
      removed: ['scripts/run.sh'],
    });
    expect(describeLocalEdits(edits as NonNullable<typeof edits>)).toBe(
      'SKILL.md changed, notes.md added, scripts/run.sh removed',
    );
  });
});
