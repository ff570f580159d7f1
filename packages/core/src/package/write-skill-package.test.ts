import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { readSkillPackage } from './read-skill-package.ts';
import { readZipDirectory } from './read-zip-directory.ts';
import { writeSkillPackage } from './write-skill-package.ts';
import { FLAG_UTF8 } from './zip-constants.ts';

const encoder = new TextEncoder();
const SKILL = '---\nname: café-notes\ndescription: Notes.\n---\nBody\n';

describe('writeSkillPackage', () => {
  it('round-trips non-ASCII file names and folder names through readSkillPackage', () => {
    const files = [
      { path: 'références/été.md', bytes: encoder.encode('# Été\n') },
      { path: '日本語/メモ.txt', bytes: encoder.encode('メモ') },
      { path: 'emoji-🎉.bin', bytes: new Uint8Array([0, 255, 1]) },
    ];
    const zip = writeSkillPackage({ folderName: 'café-notes', skillText: SKILL, files });
    const result = readSkillPackage(zip);
    expect(result).toEqual({
      ok: true,
      skillText: SKILL,
      folderName: 'café-notes',
      files: [...files].sort((left, right) => (left.path < right.path ? -1 : 1)),
      issues: [],
    });
  });

  it('flags a non-ASCII entry name as UTF-8', () => {
    const zip = writeSkillPackage({ folderName: 'café', skillText: SKILL, files: [] });
    const view = new DataView(zip.buffer);
    expect(view.getUint16(6, true) & FLAG_UTF8).toBe(FLAG_UTF8);
    const directoryOffset = view.getUint32(zip.length - 6, true);
    expect(view.getUint16(directoryOffset + 8, true) & FLAG_UTF8).toBe(FLAG_UTF8);
  });

  it('gives the same bytes for the same content in any order', () => {
    const a = { path: 'a.txt', bytes: encoder.encode('a'.repeat(500)) };
    const b = { path: 'b/c.txt', bytes: encoder.encode('c') };
    const first = writeSkillPackage({ folderName: 'x', skillText: SKILL, files: [a, b] });
    const second = writeSkillPackage({ folderName: 'x', skillText: SKILL, files: [b, a] });
    expect(second).toEqual(first);
    const changed = writeSkillPackage({ folderName: 'x', skillText: `${SKILL}!`, files: [a, b] });
    expect(changed).not.toEqual(first);
  });

  it('writes entries sorted by path under the folder', () => {
    const zip = writeSkillPackage({
      folderName: 'demo',
      files: [
        { path: 'z.md', bytes: new Uint8Array() },
        { path: 'B.md', bytes: new Uint8Array() },
        { path: 'SKILL.md', bytes: encoder.encode(SKILL) },
      ],
    });
    const directory = readZipDirectory(zip);
    const names = directory.ok && directory.entries.map((entry) => entry.name);
    expect(names).toEqual(['demo/B.md', 'demo/SKILL.md', 'demo/z.md']);
  });

  it('writes at the archive root without a folder name', () => {
    const result = readSkillPackage(writeSkillPackage({ skillText: SKILL }));
    expect(result.ok && result.folderName).toBeUndefined();
  });

  it('throws on unsafe paths, duplicates and bad folder names', () => {
    const error = (run: () => unknown) => {
      try {
        run();
      } catch (caught) {
        return SkillsetError.isInstance(caught) ? caught.code : 'not a SkillsetError';
      }
      return 'no error';
    };
    const bytes = new Uint8Array();
    expect(error(() => writeSkillPackage({ files: [{ path: '../x', bytes }] }))).toBe(
      'invalid_skill_file_path',
    );
    expect(
      error(() => writeSkillPackage({ skillText: SKILL, files: [{ path: './SKILL.md', bytes }] })),
    ).toBe('duplicate_entry');
    expect(error(() => writeSkillPackage({ folderName: 'a/b', skillText: SKILL }))).toBe(
      'invalid_folder_name',
    );
    expect(error(() => writeSkillPackage({ folderName: '..', skillText: SKILL }))).toBe(
      'invalid_folder_name',
    );
  });

  it('stores Unix modes: 0755 for an executable file, 0644 otherwise, made by Unix', () => {
    const zip = writeSkillPackage({
      folderName: 'tool',
      skillText: SKILL,
      files: [
        { path: 'scripts/run.sh', bytes: encoder.encode('#!/bin/sh\n'), executable: true },
        { path: 'notes.md', bytes: encoder.encode('notes') },
      ],
    });
    const directory = readZipDirectory(zip);
    const modes = directory.ok
      ? directory.entries.map((entry) => [
          entry.name,
          entry.versionMadeBy >> 8,
          (entry.externalAttributes >>> 16).toString(8),
        ])
      : [];
    expect(modes).toEqual([
      ['tool/SKILL.md', 3, '100644'],
      ['tool/notes.md', 3, '100644'],
      ['tool/scripts/run.sh', 3, '100755'],
    ]);
    const result = readSkillPackage(zip);
    expect(result.ok && result.files).toEqual([
      { path: 'notes.md', bytes: encoder.encode('notes') },
      { path: 'scripts/run.sh', bytes: encoder.encode('#!/bin/sh\n'), executable: true },
    ]);
  });

  it('reads the execute bit only from a ZIP made on Unix', () => {
    const entry = (os: number) =>
      zipSync(
        {
          'SKILL.md': [encoder.encode(SKILL), {}],
          'run.sh': [encoder.encode('x'), { os, attrs: (0o100755 << 16) >>> 0 }],
        },
        { os: 3 },
      );
    const unix = readSkillPackage(entry(3));
    expect(unix.ok && unix.files).toEqual([
      { path: 'run.sh', bytes: encoder.encode('x'), executable: true },
    ]);
    const dos = readSkillPackage(entry(0));
    expect(dos.ok && dos.files).toEqual([{ path: 'run.sh', bytes: encoder.encode('x') }]);
  });
});
