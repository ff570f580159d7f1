import { describe, expect, it } from 'vitest';
import { forgeZip, forgeZipEntry } from '../test/forge-zip.ts';
import { concatBytes } from './concat-bytes.ts';
import { readSkillPackage } from './read-skill-package.ts';

const encoder = new TextEncoder();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(40)]);

function validZip(): Uint8Array {
  return forgeZip([forgeZipEntry({ name: 'SKILL.md', bytes: encoder.encode('---\n---\n') })]);
}

function refusal(bytes: Uint8Array) {
  const result = readSkillPackage(bytes);
  expect(result.ok).toBe(false);
  return result.issues.map(({ code, message }) => ({ code, message }));
}

describe('readSkillPackage (not a ZIP)', () => {
  it.each([
    ['empty input', new Uint8Array(), 'the file is empty'],
    ['a few bytes', new Uint8Array([0x50, 0x4b]), 'the file is too short'],
    ['PNG bytes', PNG, 'it does not start with a ZIP signature'],
    [
      'text',
      encoder.encode('---\nname: demo\n---\nhello world, this is markdown\n'),
      'it does not start with a ZIP signature',
    ],
  ])('refuses %s', (_, bytes, reason) => {
    expect(refusal(bytes)).toEqual([
      {
        code: 'not_a_zip',
        message: `The upload is not a readable ZIP archive: ${reason}. Upload a .zip of the skill folder or its SKILL.md.`,
      },
    ]);
  });

  it('refuses a truncated ZIP', () => {
    const zip = validZip();
    expect(refusal(zip.subarray(0, zip.length - 10))[0]?.message).toContain(
      'no end of central directory record was found (truncated file?)',
    );
    expect(refusal(zip.subarray(0, 40))[0]?.code).toBe('not_a_zip');
  });

  it('refuses a ZIP with bytes appended after the end record', () => {
    expect(refusal(concatBytes([validZip(), new Uint8Array([1, 2, 3])]))[0]?.code).toBe(
      'not_a_zip',
    );
  });

  it('refuses a ZIP whose directory offset points elsewhere', () => {
    const zip = validZip();
    new DataView(zip.buffer).setUint32(zip.length - 6, 1, true);
    expect(refusal(zip)[0]?.message).toContain(
      'the central directory is not where the end record says',
    );
  });

  it('refuses a ZIP whose entry count is wrong', () => {
    const zip = validZip();
    const view = new DataView(zip.buffer);
    view.setUint16(zip.length - 14, 2, true);
    view.setUint16(zip.length - 12, 2, true);
    expect(refusal(zip)[0]?.message).toContain('the central directory is cut short');
  });

  it('refuses split archives and ZIP64 as unsupported features', () => {
    const split = validZip();
    new DataView(split.buffer).setUint16(split.length - 18, 1, true);
    expect(refusal(split)[0]?.code).toBe('unsupported_zip_feature');
    const zip64 = validZip();
    new DataView(zip64.buffer).setUint32(zip64.length - 22 - 46 - 8 + 20, 0xffffffff, true);
    expect(refusal(zip64)).toEqual([
      {
        code: 'unsupported_zip_feature',
        message:
          'The ZIP uses ZIP64 records, which is not supported; re-create it as a plain single-file ZIP (for example with "zip -r skill.zip my-skill").',
      },
    ]);
  });

  it('reads a valid ZIP that has an archive comment', () => {
    const zip = validZip();
    const comment = encoder.encode('made by hand PK\u0005\u0006');
    const withComment = concatBytes([zip, comment]);
    new DataView(withComment.buffer).setUint16(zip.length - 2, comment.length, true);
    expect(readSkillPackage(withComment).ok).toBe(true);
  });
});
