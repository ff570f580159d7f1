import { describe, expect, it } from 'vitest';
import { normalizeSkillFilePath } from './normalize-skill-file-path.ts';

const deep = (levels: number) => `${Array.from({ length: levels - 1 }, () => 'd').join('/')}/f.txt`;

function refusal(path: string): { code: string; message: string } | undefined {
  try {
    normalizeSkillFilePath(path);
    return undefined;
  } catch (error) {
    return error as { code: string; message: string };
  }
}

describe('skill file path limits', () => {
  it('normalizeSkillFilePath accepts up to 32 levels, 1,024 bytes and 255-byte names', () => {
    expect(normalizeSkillFilePath(deep(32))).toBe(deep(32));
    expect(normalizeSkillFilePath(`${'a'.repeat(255)}/${'b'.repeat(255)}`)).toContain('a');
    const long = Array.from({ length: 4 }, () => 'c'.repeat(255)).join('/'); // 1,023 bytes
    expect(normalizeSkillFilePath(long)).toBe(long);
  });

  it('normalizeSkillFilePath refuses deeper, longer and longer-named paths with a short message', () => {
    const tooDeep = refusal(deep(3000));
    expect(tooDeep?.code).toBe('invalid_skill_file_path');
    expect(tooDeep?.message).toMatch(/3000 levels deep, more than the 32 allowed; flatten/);
    expect(tooDeep?.message.length).toBeLessThan(300);
    const tooLong = refusal(Array.from({ length: 5 }, () => 'c'.repeat(250)).join('/'));
    expect(tooLong?.message).toMatch(/1254 bytes long, more than the 1024 allowed/);
    expect(refusal('a'.repeat(6000))?.message).toMatch(/6000 bytes, more than the 255/);
    expect(refusal(`${'ü'.repeat(128)}.md`)?.message).toMatch(/259 bytes/);
  });

  it('with exact, refuses what it would otherwise rewrite, and control characters', () => {
    const exact = (path: string) => {
      try {
        return normalizeSkillFilePath(path, { exact: true });
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(exact('docs/a.md')).toBe('docs/a.md');
    expect(normalizeSkillFilePath('docs\\a.md')).toBe('docs/a.md');
    expect(exact('docs\\a.md')).toMatch(/it contains a backslash/);
    expect(exact('docs//a.md')).toMatch(/an empty or "." segment/);
    expect(exact('./a.md')).toMatch(/an empty or "." segment/);
    expect(exact('a\u001b[2J.md')).toMatch(/a control character/);
    expect(exact('C:a.md')).toMatch(/relative to the skill folder/);
    expect(exact('a/../b')).toMatch(/".." segments are not allowed/);
  });
});
