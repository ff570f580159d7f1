import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { forgeZip, forgeZipEntry } from '../test/forge-zip.ts';
import { readSkillPackage } from './read-skill-package.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SKILL = '---\nname: demo\ndescription: A demo skill.\n---\nBody\n';

function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  return forgeZip(
    Object.entries(files).map(([name, content]) =>
      forgeZipEntry({
        name,
        bytes: typeof content === 'string' ? encoder.encode(content) : content,
      }),
    ),
  );
}

function codes(bytes: Uint8Array, options?: Parameters<typeof readSkillPackage>[1]): string[] {
  return readSkillPackage(bytes, options).issues.map((issue) => issue.code);
}

describe('readSkillPackage (layout)', () => {
  it('reads SKILL.md at the root with no folder name', () => {
    const result = readSkillPackage(zipOf({ 'SKILL.md': SKILL, 'scripts/run.sh': 'echo hi\n' }));
    expect(result).toEqual({
      ok: true,
      skillText: SKILL,
      files: [{ path: 'scripts/run.sh', bytes: encoder.encode('echo hi\n') }],
      issues: [],
    });
  });

  it('strips the single top-level folder and reports it as folderName', () => {
    const result = readSkillPackage(
      zipOf({ 'demo/SKILL.md': SKILL, 'demo/reference/notes.md': '# Notes\n', 'demo/a.txt': 'a' }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.folderName).toBe('demo');
    expect(result.skillText).toBe(SKILL);
    expect(result.files.map((file) => file.path)).toEqual(['a.txt', 'reference/notes.md']);
  });

  it('keeps nested SKILL.md files (examples) as ordinary files', () => {
    const result = readSkillPackage(
      zipOf({ 'demo/SKILL.md': SKILL, 'demo/examples/other/SKILL.md': 'example' }),
    );
    expect(result.ok && result.files.map((file) => file.path)).toEqual(['examples/other/SKILL.md']);
  });

  it('prefers SKILL.md at the root and keeps a folder with its own SKILL.md as files', () => {
    const result = readSkillPackage(zipOf({ 'SKILL.md': SKILL, 'sub/SKILL.md': 'nested' }));
    expect(result.ok).toBe(true);
    expect(result.ok && result.folderName).toBeUndefined();
    expect(result.ok && result.files.map((file) => file.path)).toEqual(['sub/SKILL.md']);
  });

  it('accepts a lowercase skill.md with a warning', () => {
    const result = readSkillPackage(zipOf({ 'demo/skill.md': SKILL }));
    expect(result.ok).toBe(true);
    expect(result.issues).toEqual([
      {
        code: 'lowercase_skill_file',
        severity: 'warning',
        message: 'The skill file is named "demo/skill.md"; rename it to SKILL.md.',
        field: 'demo/skill.md',
      },
    ]);
  });

  it('ignores __MACOSX/ and .DS_Store entries with one warning', () => {
    const result = readSkillPackage(
      zipOf({
        'demo/SKILL.md': SKILL,
        '__MACOSX/demo/._SKILL.md': 'resource fork',
        'demo/.DS_Store': 'junk',
        '.DS_Store': 'junk',
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.files).toEqual([]);
    expect(result.folderName).toBe('demo');
    expect(result.issues).toEqual([
      {
        code: 'ignored_entry',
        severity: 'warning',
        message:
          'Ignored 3 macOS metadata entries ("__MACOSX/demo/._SKILL.md", "demo/.DS_Store", ".DS_Store"); they are not part of the skill.',
      },
    ]);
  });

  it('skips directory entries', () => {
    const bytes = zipOf({ 'demo/': new Uint8Array(), 'demo/SKILL.md': SKILL, 'demo/empty/': '' });
    const result = readSkillPackage(bytes);
    expect(result.ok && result.files).toEqual([]);
  });

  it('reads backslash separators as folders with a warning', () => {
    const result = readSkillPackage(zipOf({ 'demo\\SKILL.md': SKILL, 'demo\\a\\b.txt': 'b' }));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.folderName).toBe('demo');
    expect(result.files.map((file) => file.path)).toEqual(['a/b.txt']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['backslash_separator']);
  });

  it('keeps the SKILL.md text as decoded UTF-8, BOM and CRLF included, for parseSkill to report', () => {
    const text = '\ufeff---\r\nname: demo\r\ndescription: é\r\n---\r\n';
    const result = readSkillPackage(zipOf({ 'SKILL.md': text }));
    expect(result.ok && result.skillText).toBe(text);
  });

  it('refuses a SKILL.md that is not UTF-8', () => {
    const bytes = zipOf({ 'SKILL.md': new Uint8Array([0x2d, 0xff, 0xfe]) });
    expect(codes(bytes)).toEqual(['invalid_utf8']);
  });

  it('refuses a ZIP without SKILL.md', () => {
    const result = readSkillPackage(zipOf({ 'demo/README.md': '# hi' }));
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing_skill_file',
          severity: 'error',
          message:
            'The ZIP has no SKILL.md at its root or at the root of a single top-level folder; zip the skill folder itself (my-skill/SKILL.md).',
        },
      ],
    });
  });

  it('says where a too-deep SKILL.md is', () => {
    const result = readSkillPackage(zipOf({ 'a/b/SKILL.md': SKILL }));
    expect(result.issues[0]?.message).toContain('found "a/b/SKILL.md", which is too deep');
  });

  it('refuses an empty ZIP as missing SKILL.md', () => {
    expect(readSkillPackage(forgeZip([])).issues[0]?.message).toContain('the ZIP holds no files');
  });

  it('refuses two skill folders', () => {
    const result = readSkillPackage(zipOf({ 'one/SKILL.md': SKILL, 'two/SKILL.md': SKILL }));
    expect(result.issues).toEqual([
      {
        code: 'multiple_skill_folders',
        severity: 'error',
        message: 'The ZIP holds 2 skill folders ("one", "two"); upload one skill per ZIP.',
      },
    ]);
  });

  it('refuses files next to the skill folder', () => {
    const result = readSkillPackage(
      zipOf({ 'demo/SKILL.md': SKILL, 'notes.txt': 'x', 'assets/logo.svg': '<svg/>' }),
    );
    expect(result.issues).toEqual([
      {
        code: 'multiple_top_level_entries',
        severity: 'error',
        message:
          'The skill is in folder "demo" but the ZIP also holds "assets", "notes.txt" next to it; move them into "demo" or leave them out of the ZIP.',
      },
    ]);
  });

  it('refuses a SKILL.md over the limit before inflating it', () => {
    const bytes = zipOf({ 'SKILL.md': SKILL.padEnd(2000, 'x') });
    expect(codes(bytes, { limits: { maxSkillFileBytes: 1000 } })).toEqual(['file_too_large']);
  });
});

describe('readSkillPackage (interoperability)', () => {
  it('reads a ZIP written by fflate', () => {
    const bytes = zipSync({
      'demo/SKILL.md': encoder.encode(SKILL),
      'demo/data/täble.csv': encoder.encode('a,b\n'.repeat(1000)),
      'demo/stored.bin': [new Uint8Array([1, 2, 3]), { level: 0 }],
    });
    const result = readSkillPackage(bytes);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.files.map((file) => [file.path, file.bytes.length])).toEqual([
      ['data/täble.csv', 4000],
      ['stored.bin', 3],
    ]);
  });

  it('writes ZIPs fflate reads back', () => {
    const bytes = zipOf({ 'demo/SKILL.md': SKILL, 'demo/日本語.md': 'こんにちは' });
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(['demo/SKILL.md', 'demo/日本語.md']);
    expect(decoder.decode(entries['demo/日本語.md'])).toBe('こんにちは');
  });
});
