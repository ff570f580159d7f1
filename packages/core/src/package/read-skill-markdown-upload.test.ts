import { describe, expect, it } from 'vitest';
import { readSkillMarkdownUpload } from './read-skill-markdown-upload.ts';

const SKILL = '---\nname: demo\ndescription: A demo skill.\n---\nBody é\n';

describe('readSkillMarkdownUpload', () => {
  it('reads text and bytes as a package with no other files', () => {
    const expected = { ok: true, skillText: SKILL, files: [], issues: [] };
    expect(readSkillMarkdownUpload(SKILL)).toEqual(expected);
    expect(readSkillMarkdownUpload(new TextEncoder().encode(SKILL))).toEqual(expected);
  });

  it('keeps a BOM for parseSkill to report', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x2d]);
    expect(readSkillMarkdownUpload(bytes)).toMatchObject({ ok: true, skillText: '\ufeff-' });
  });

  it('refuses a file over the SKILL.md limit, counting UTF-8 bytes', () => {
    const result = readSkillMarkdownUpload('é'.repeat(600), {
      limits: { maxSkillFileBytes: 1000 },
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'file_too_large',
          severity: 'error',
          message:
            'SKILL.md is 1200 bytes, more than the 1000 allowed; move long material into reference files and upload a ZIP.',
        },
      ],
    });
  });

  it('refuses bytes that are not UTF-8, hinting at a ZIP', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    expect(readSkillMarkdownUpload(zip).issues[0]?.message).toBe(
      'SKILL.md is not valid UTF-8 (it looks like a ZIP: upload it as .zip).',
    );
    expect(readSkillMarkdownUpload(new Uint8Array([0xc3])).issues[0]?.code).toBe('invalid_utf8');
  });
});
