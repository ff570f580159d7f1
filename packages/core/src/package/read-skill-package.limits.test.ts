import { describe, expect, it } from 'vitest';
import { type ForgedZipEntry, forgeZip, forgeZipEntry } from '../test/forge-zip.ts';
import { crc32 } from './crc32.ts';
import { readSkillPackage } from './read-skill-package.ts';
import { CENTRAL_HEADER_LENGTH, METHOD_STORED } from './zip-constants.ts';

const encoder = new TextEncoder();
const SKILL = '---\nname: demo\ndescription: A demo skill.\n---\nBody\n';
const MiB = 1024 * 1024;

function entry(name: string, bytes: Uint8Array, overrides: Partial<ForgedZipEntry> = {}) {
  return { ...forgeZipEntry({ name, bytes }), ...overrides };
}

function withSkill(...entries: ForgedZipEntry[]): Uint8Array {
  return forgeZip([entry('SKILL.md', encoder.encode(SKILL)), ...entries]);
}

function codes(bytes: Uint8Array, options?: Parameters<typeof readSkillPackage>[1]): string[] {
  return readSkillPackage(bytes, options).issues.map((issue) => issue.code);
}

/** Text that compresses like prose (about 3:1), deterministic. */
function prose(length: number): Uint8Array {
  const words = ['skill', 'agent', 'folder', 'reads', 'the', 'file', 'when', 'asked', 'to', 'run'];
  let state = 7;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += `${words[state % words.length]}${state % 13 === 0 ? '.\n' : ' '}${state % 997}`;
  }
  return encoder.encode(text.slice(0, length));
}

describe('readSkillPackage (limits, each in isolation)', () => {
  it('refuses more than 10,000 files with the default limit', () => {
    const files = Array.from({ length: 10_000 }, (_, index) =>
      forgeZipEntry({ name: `f/${index}.txt`, bytes: new Uint8Array(), compress: false }),
    );
    const result = readSkillPackage(withSkill(...files));
    expect(result.issues).toEqual([
      {
        code: 'too_many_files',
        severity: 'error',
        message:
          'The package holds 10001 files, more than the 10000 allowed; remove generated or vendored files.',
      },
    ]);
  });

  it('accepts exactly the file limit', () => {
    const files = [entry('a', new Uint8Array(1)), entry('b', new Uint8Array(1))];
    expect(readSkillPackage(withSkill(...files), { limits: { maxPackageFiles: 3 } }).ok).toBe(true);
    expect(codes(withSkill(...files), { limits: { maxPackageFiles: 2 } })).toEqual([
      'too_many_files',
    ]);
  });

  it('refuses a package over the size limit from declared sizes, before inflating', () => {
    const options = { limits: { maxPackageBytes: 10_000 }, maxCompressionRatio: Infinity };
    const files = [entry('a.txt', prose(6000)), entry('b.txt', prose(6000))];
    const result = readSkillPackage(withSkill(...files), options);
    expect(result.issues).toEqual([
      {
        code: 'package_too_large',
        severity: 'error',
        message:
          'The package unpacks to 11.8 KiB, more than the 9.8 KiB allowed; remove large files (datasets, binaries, node_modules).',
      },
    ]);
  });

  it('refuses over 30 MiB of declared sizes with the default limit', () => {
    const lies = [1, 2, 3, 4].map((index) =>
      entry(`part-${index}.bin`, new Uint8Array(100).fill(index), { uncompressedSize: 8 * MiB }),
    );
    const result = readSkillPackage(withSkill(...lies), { maxCompressionRatio: Infinity });
    expect(result.issues.map((issue) => issue.code)).toEqual(['package_too_large']);
    expect(result.issues[0]?.message).toContain('32.0 MiB, more than the 30.0 MiB allowed');
  });

  it('refuses a single entry larger than the whole package limit', () => {
    const bytes = withSkill(entry('big.txt', prose(20_000)));
    const options = { limits: { maxPackageBytes: 10_000 }, maxCompressionRatio: Infinity };
    expect(codes(bytes, options)).toEqual(['entry_too_large']);
  });

  it('refuses a real 31 MiB file of zeros as too large and as a bomb', () => {
    const bytes = withSkill(entry('zeros.bin', new Uint8Array(31 * MiB)));
    expect(bytes.length).toBeLessThan(100 * 1024);
    const result = readSkillPackage(bytes);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'entry_too_large',
      'compression_bomb',
    ]);
    expect(result.issues[0]?.message).toBe(
      'Entry "zeros.bin" unpacks to 31.0 MiB, more than the 30.0 MiB a whole package may hold; leave it out or shrink it.',
    );
  });

  it('refuses a 1,000:1 compression bomb with the default ratio', () => {
    const bytes = withSkill(entry('bomb.txt', new Uint8Array(2 * MiB).fill(0x61)));
    const result = readSkillPackage(bytes);
    expect(result.issues.map((issue) => issue.code)).toEqual(['compression_bomb']);
    expect(result.issues[0]?.message).toMatch(
      /^Entry "bomb\.txt" unpacks from 2\.\d KiB to 2\.0 MiB \(\d{3,4}:1\), more than the 200:1 allowed; such files are refused as possible ZIP bombs — leave it out of the package\.$/,
    );
  });

  it('accepts ordinary text and the same bomb when the ratio allows it', () => {
    expect(readSkillPackage(withSkill(entry('notes.md', prose(2 * MiB)))).ok).toBe(true);
    const bomb = withSkill(entry('bomb.txt', new Uint8Array(2 * MiB).fill(0x61)));
    expect(readSkillPackage(bomb, { maxCompressionRatio: 5000 }).ok).toBe(true);
  });

  it('does not hold small entries to the ratio', () => {
    const bytes = withSkill(entry('spaces.txt', new Uint8Array(64 * 1024).fill(0x20)));
    expect(readSkillPackage(bytes).ok).toBe(true);
  });

  it('refuses an entry that declares a compressed size of zero', () => {
    const zero = entry('z.txt', new Uint8Array(100_000), { compressedSize: 0 });
    expect(codes(withSkill(zero))).toEqual(['compression_bomb']);
  });
});

describe('readSkillPackage (forged headers)', () => {
  it('stops inflating a lying entry as soon as it passes its declared size', () => {
    const liar = entry('liar.txt', new Uint8Array(10 * 1000 * 1000), { uncompressedSize: 10 });
    const result = readSkillPackage(withSkill(liar));
    expect(result.issues.map((issue) => issue.code)).toEqual(['size_mismatch']);
    const stoppedAt = Number(/stopped at (\d+)/.exec(result.issues[0]?.message ?? '')?.[1]);
    expect(stoppedAt).toBeGreaterThan(10);
    expect(stoppedAt).toBeLessThan(5 * MiB);
  });

  it('refuses an entry that unpacks to less than declared', () => {
    const short = entry('short.txt', prose(1000), { uncompressedSize: 2000 });
    expect(readSkillPackage(withSkill(short)).issues[0]?.message).toBe(
      'Entry "short.txt" unpacks to 1000 bytes but its header declares 2000; the ZIP is damaged or forged — re-create it.',
    );
  });

  it('refuses a CRC mismatch', () => {
    const bad = entry('bad.txt', prose(1000), { crc: 1234 });
    expect(codes(withSkill(bad))).toEqual(['corrupt_entry']);
  });

  it('refuses deflate data that is cut short', () => {
    const full = entry('cut.txt', prose(5000));
    const cut = { ...full, data: full.data.subarray(0, 100) };
    expect(codes(withSkill(cut))).toEqual(['corrupt_entry']);
  });

  it('refuses stored entries whose sizes disagree', () => {
    const stored = entry('s.txt', prose(100), { method: METHOD_STORED, data: prose(100) });
    expect(codes(withSkill({ ...stored, uncompressedSize: 90 }))).toEqual(['corrupt_entry']);
  });

  it('refuses a local header whose name differs from the central directory', () => {
    const forged = entry('a.txt', prose(10), { localName: '../x.txt' });
    expect(readSkillPackage(withSkill(forged)).issues[0]?.message).toBe(
      'Entry "a.txt" is damaged: its local header carries a different name than the central directory; re-create the ZIP.',
    );
  });

  it('refuses entries whose data overlap', () => {
    const bytes = withSkill(entry('a.bin', new Uint8Array([1]), { method: METHOD_STORED }));
    const view = new DataView(bytes.buffer);
    const directoryOffset = view.getUint32(bytes.length - 6, true);
    const second = directoryOffset + CENTRAL_HEADER_LENGTH + 'SKILL.md'.length;
    const skillCentral = directoryOffset;
    // Stretch SKILL.md (stored) over the next local header, as overlapping-file bombs do.
    const skillData = bytes.subarray(30 + 8, view.getUint32(second + 42, true) + 31 + 5);
    view.setUint16(skillCentral + 10, METHOD_STORED, true);
    view.setUint16(8, METHOD_STORED, true);
    view.setUint32(skillCentral + 16, crc32(skillData), true);
    view.setUint32(skillCentral + 20, skillData.length, true);
    view.setUint32(skillCentral + 24, skillData.length, true);
    expect(codes(bytes)).toEqual(['overlapping_entries']);
  });
});

describe('readSkillPackage (path limits)', () => {
  const file = (name: string) => entry(name, encoder.encode('x'));
  const deep = (levels: number) =>
    `${Array.from({ length: levels - 1 }, () => 'd').join('/')}/f.txt`;

  it('refuses an entry path of 6,000 characters with path_too_long', () => {
    const name = `refs/${'a'.repeat(200)}/${Array.from({ length: 29 }, () => 'b'.repeat(200)).join('/')}.md`;
    expect(name.length).toBeGreaterThan(6000);
    const result = readSkillPackage(withSkill(file(name)));
    expect(result.issues.map((issue) => issue.code)).toEqual(['path_too_long']);
    expect(result.issues[0]?.message).toMatch(/bytes long, more than the 1280 allowed; shorten it/);
    expect(result.issues[0]?.message.length).toBeLessThan(300);
  });

  it('refuses a file or folder name over 255 bytes, counting UTF-8 bytes', () => {
    expect(codes(withSkill(file(`${'é'.repeat(128)}.md`)))).toEqual(['path_too_long']);
    expect(codes(withSkill(file(`${'a'.repeat(255)}`)))).toEqual([]);
    expect(codes(withSkill(file(`${'a'.repeat(256)}`)))).toEqual(['path_too_long']);
  });

  it('refuses 3,000 levels with path_too_deep, without walking the refused paths', () => {
    const many = Array.from({ length: 200 }, (_, index) => file(`${index}/${deep(3000)}`));
    // Walking a refused path (quadratic in its depth) would also report the file "0/d" as a
    // folder of it, and its second copy as a duplicate.
    const result = readSkillPackage(withSkill(...many, file(`0/${deep(3000)}`), file('0/d')));
    expect(new Set(result.issues.map((issue) => issue.code))).toEqual(new Set(['path_too_deep']));
    expect(result.issues[0]?.message).toContain('levels deep, more than the 33 allowed');
    // 50 issues are listed: the 201 refused paths and nothing else.
    expect(result.issues.at(-1)?.message).toBe('…and 151 more problems not listed.');
  });

  it('accepts 32 levels in the skill folder, refuses 33, with or without a top-level folder', () => {
    const inFolder = (path: string) =>
      forgeZip([entry('demo/SKILL.md', encoder.encode(SKILL)), file(`demo/${path}`)]);
    const ok = readSkillPackage(inFolder(deep(32)));
    expect(ok.ok).toBe(true);
    expect(codes(inFolder(deep(33)))).toEqual(['path_too_deep']);
    expect(readSkillPackage(withSkill(file(deep(32)))).ok).toBe(true);
    expect(codes(withSkill(file(deep(33))))).toEqual(['path_too_deep']);
    expect(codes(withSkill(file(deep(34))))).toEqual(['path_too_deep']);
  });
});
