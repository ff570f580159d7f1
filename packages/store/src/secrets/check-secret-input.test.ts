import { describe, expect, it } from 'vitest';
import { checkSecretInput, normalizeSkillNames } from './check-secret-input.ts';

const valid = { name: 'GITHUB_TOKEN', value: 'ghp_x', skills: ['release-notes'] };
const codes = (input: Parameters<typeof checkSecretInput>[0]) =>
  checkSecretInput(input).map((issue) => `${issue.field}: ${issue.code}`);

describe('checkSecretInput', () => {
  it('accepts an environment variable name, a value and skill names', () => {
    expect(checkSecretInput(valid)).toEqual([]);
    expect(checkSecretInput({ name: '_A1', skills: [] })).toEqual([]);
    expect(checkSecretInput({ ...valid, name: `A${'B'.repeat(127)}` })).toEqual([]);
    expect(checkSecretInput({ ...valid, value: 'x'.repeat(16 * 1024) })).toEqual([]);
    expect(checkSecretInput({ ...valid, skills: ['Release-Notes', 'pdf'] })).toEqual([]);
  });

  it('reports each bad name precisely, escaping control characters', () => {
    for (const name of [
      '',
      'github_token',
      '1TOKEN',
      'A-B',
      'A B',
      `A${'B'.repeat(128)}`,
      'A\0B',
    ]) {
      expect(codes({ ...valid, name })).toEqual(['name: invalid_name']);
    }
    expect(checkSecretInput({ ...valid, name: 'A\0B' })[0]?.message).toBe(
      'The name "A\\u0000B" is not an environment variable name: use 1 to 128 uppercase letters, digits and underscores, not starting with a digit (e.g. GITHUB_TOKEN).',
    );
    expect(checkSecretInput({ ...valid, name: 'x'.repeat(10_000) })[0]?.message).toContain(
      `"${'x'.repeat(40)}…"`,
    );
  });

  it('refuses names the sandbox sets or that change how an interpreter starts', () => {
    for (const name of ['PATH', 'HOME', 'LD_PRELOAD', 'NODE_OPTIONS', 'PYTHONPATH', 'BASH_ENV']) {
      expect(codes({ ...valid, name })).toEqual(['name: reserved_name']);
    }
    expect(checkSecretInput({ ...valid, name: 'LD_PRELOAD' })[0]?.message).toBe(
      'The name LD_PRELOAD is reserved: scripts get it from the sandbox, or it changes how an interpreter starts; pick another name.',
    );
  });

  it('refuses an empty value, one over 16 KiB and one with a NUL, without echoing it', () => {
    expect(codes({ ...valid, value: '' })).toEqual(['value: value_empty']);
    expect(codes({ ...valid, value: 'é'.repeat(8193) })).toEqual(['value: value_too_large']);
    expect(checkSecretInput({ ...valid, value: 'é'.repeat(8193) })[0]?.message).toBe(
      'The value is 16386 bytes long; the limit is 16384 bytes (16 KiB).',
    );
    const issues = checkSecretInput({ ...valid, value: 'hunter2\0rest' });
    expect(issues.map((issue) => issue.code)).toEqual(['value_has_nul']);
    expect(JSON.stringify(issues)).not.toContain('hunter2');
  });

  it('refuses bad skill names and too many skills, reporting every issue at once', () => {
    expect(codes({ name: 'bad name', value: '', skills: ['ok', 'not a skill', '', '-x'] })).toEqual(
      [
        'name: invalid_name',
        'value: value_empty',
        'skills: invalid_skill',
        'skills: invalid_skill',
        'skills: invalid_skill',
      ],
    );
    expect(checkSecretInput({ ...valid, skills: ['a'.repeat(65)] })[0]?.message).toContain(
      'at most 64 characters',
    );
    const many = Array.from({ length: 101 }, (_, index) => `skill-${index}`);
    expect(codes({ ...valid, skills: many })).toEqual(['skills: too_many_skills']);
  });
});

describe('normalizeSkillNames', () => {
  it('lowercases and drops repeats, keeping the first order', () => {
    expect(normalizeSkillNames(['PDF', 'release-notes', 'pdf', 'Release-Notes'])).toEqual([
      'pdf',
      'release-notes',
    ]);
  });
});
