import { describe, expect, it } from 'vitest';
import { type ForgedZipEntry, forgeZip, forgeZipEntry } from '../test/forge-zip.ts';
import { readSkillPackage } from './read-skill-package.ts';
import { MADE_BY_UNIX } from './zip-constants.ts';

const encoder = new TextEncoder();
const SKILL = '---\nname: demo\ndescription: A demo skill.\n---\nBody\n';

function entry(name: string | Uint8Array, content = 'x', overrides: Partial<ForgedZipEntry> = {}) {
  return { ...forgeZipEntry({ name, bytes: encoder.encode(content) }), ...overrides };
}

function withSkill(...entries: ForgedZipEntry[]): Uint8Array {
  return forgeZip([entry('demo/SKILL.md', SKILL), ...entries]);
}

function issuesOf(bytes: Uint8Array) {
  const result = readSkillPackage(bytes);
  expect(result.ok).toBe(false);
  return result.issues.map(({ code, message, field }) => ({ code, message, field }));
}

describe('readSkillPackage (hostile names and entries)', () => {
  it.each([
    ['../evil'],
    ['demo/../../evil'],
    ['demo/..\\..\\evil'],
    ['__MACOSX/../../evil'],
  ])('refuses the zip-slip entry %j', (name) => {
    expect(issuesOf(withSkill(entry(name)))).toEqual([
      {
        code: 'zip_slip',
        message: `Entry ${JSON.stringify(name)} has a ".." segment that points outside the skill folder; remove it from the ZIP.`,
        field: name,
      },
    ]);
  });

  it.each([
    ['/etc/passwd'],
    ['C:\\x'],
    ['c:x'],
    ['\\\\server\\share\\x'],
    ['\\x'],
  ])('refuses the absolute path %j', (name) => {
    const issues = issuesOf(withSkill(entry(name)));
    expect(issues.map((issue) => [issue.code, issue.field])).toEqual([['absolute_path', name]]);
    expect(issues[0]?.message).toContain('has an absolute path');
  });

  it('refuses NUL and control characters in names', () => {
    const issues = issuesOf(withSkill(entry('demo/a\u0000.txt'), entry('demo/b\n.txt')));
    expect(issues.map((issue) => issue.code)).toEqual(['invalid_entry_name', 'invalid_entry_name']);
  });

  it('refuses names that are not UTF-8', () => {
    const issues = issuesOf(withSkill(entry(new Uint8Array([0x64, 0x2f, 0xff, 0x2e]))));
    expect(issues.map((issue) => issue.code)).toEqual(['invalid_entry_name']);
    expect(issues[0]?.message).toContain('not valid UTF-8');
  });

  it('refuses an empty name', () => {
    expect(issuesOf(withSkill(entry(''))).map((issue) => issue.code)).toEqual([
      'invalid_entry_name',
    ]);
  });

  it('refuses a symbolic link', () => {
    const link = entry('demo/link', '/etc/passwd', { externalAttributes: 0o120777 * 0x10000 });
    expect(issuesOf(withSkill(link))).toEqual([
      {
        code: 'symlink_entry',
        message:
          'Entry "demo/link" is a symbolic link; skill packages hold regular files only — replace the link with the file it points to.',
        field: 'demo/link',
      },
    ]);
  });

  it('refuses a symbolic link inside ignored macOS metadata too', () => {
    const link = entry('__MACOSX/link', '/etc', { externalAttributes: 0o120777 * 0x10000 });
    expect(issuesOf(withSkill(link)).map((issue) => issue.code)).toEqual(['symlink_entry']);
  });

  it('refuses device and pipe entries', () => {
    const fifo = entry('demo/fifo', '', { externalAttributes: 0o010644 * 0x10000 });
    expect(issuesOf(withSkill(fifo)).map((issue) => issue.code)).toEqual(['special_file_entry']);
  });

  it('accepts regular files made on Windows (no Unix mode)', () => {
    const windows = entry('demo/a.txt', 'a', { versionMadeBy: 20, externalAttributes: 0x20 });
    expect(readSkillPackage(withSkill(windows)).ok).toBe(true);
  });

  it('accepts regular files made on Unix', () => {
    const unix = entry('demo/run.sh', 'a', {
      versionMadeBy: MADE_BY_UNIX,
      externalAttributes: 0o100755 * 0x10000,
    });
    expect(readSkillPackage(withSkill(unix)).ok).toBe(true);
  });

  it('refuses encrypted entries', () => {
    const secret = entry('demo/secret.txt', 'x', { flags: 0x0801 });
    expect(issuesOf(withSkill(secret)).map((issue) => issue.code)).toEqual(['encrypted_entry']);
  });

  it('refuses compression methods other than stored and deflate', () => {
    const bzip = entry('demo/a.txt', 'x', { method: 12 });
    expect(issuesOf(withSkill(bzip))).toEqual([
      {
        code: 'unsupported_compression',
        message:
          'Entry "demo/a.txt" uses compression method 12; only stored (0) and deflate (8) are supported — re-create the ZIP with default settings.',
        field: 'demo/a.txt',
      },
    ]);
  });

  it('refuses exact duplicate entries', () => {
    expect(issuesOf(withSkill(entry('demo/a.txt'), entry('demo/a.txt')))).toEqual([
      {
        code: 'duplicate_entry',
        message:
          'Entry "demo/a.txt" appears more than once (as "demo/a.txt"); re-create the ZIP so each file is in it once.',
        field: 'demo/a.txt',
      },
    ]);
  });

  it('refuses entries that are duplicates once normalised', () => {
    const issues = issuesOf(withSkill(entry('demo/a.txt'), entry('demo//./a.txt')));
    expect(issues.map((issue) => issue.code)).toEqual(['duplicate_entry']);
  });

  it('refuses a second SKILL.md in the same folder', () => {
    const issues = issuesOf(withSkill(entry('demo/SKILL.md', SKILL)));
    expect(issues.map((issue) => issue.code)).toEqual(['duplicate_entry']);
  });

  it('refuses names that differ only in case or Unicode normalisation', () => {
    const issues = issuesOf(
      withSkill(
        entry('demo/README.md'),
        entry('demo/readme.md'),
        entry('demo/caf\u00e9'),
        entry('demo/cafe\u0301'),
      ),
    );
    expect(issues.map((issue) => issue.code)).toEqual(['case_conflict', 'case_conflict']);
    expect(issues[0]?.message).toBe(
      'Entries "demo/README.md" and "demo/readme.md" differ only in letter case or Unicode normalisation and would overwrite each other on macOS and Windows; rename one of them.',
    );
  });

  it('refuses a path that is both a file and a folder', () => {
    const issues = issuesOf(withSkill(entry('demo/a'), entry('demo/a/b')));
    expect(issues.map((issue) => [issue.code, issue.field])).toEqual([
      ['duplicate_entry', 'demo/a'],
    ]);
  });

  it('reports every problem at once', () => {
    const issues = issuesOf(
      withSkill(entry('../x'), entry('/y'), entry('demo/a'), entry('demo/a')),
    );
    expect(issues.map((issue) => issue.code)).toEqual([
      'zip_slip',
      'absolute_path',
      'duplicate_entry',
    ]);
  });

  it('caps the number of reported problems', () => {
    const entries = Array.from({ length: 80 }, (_, index) => entry(`../evil-${index}`));
    const result = readSkillPackage(withSkill(...entries));
    expect(result.issues).toHaveLength(51);
    expect(result.issues.at(-1)?.message).toBe('…and 30 more problems not listed.');
  });
});
