import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { SkillsetError } from '@skillset/core';
import { describe, expect, it } from 'vitest';
import { decryptSecretValue, type EncryptedSecret, encryptSecretValue } from './secret-cipher.ts';
import { parseSecretKey } from './secret-key.ts';

const HEX = 'a1'.repeat(16) + '5c'.repeat(16);
const key = parseSecretKey(randomBytes(32).toString('base64'));
const place = { workspaceId: 'workspace-1', name: 'GITHUB_TOKEN' };
const value = 'ghp_the-value-ünïcode';

/** The message of what `run` throws, failing the test when it throws no SkillsetError. */
function thrown(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (SkillsetError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a SkillsetError');
}

const flipped = (bytes: Uint8Array, at = 0): Uint8Array => {
  const copy = Uint8Array.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 1;
  return copy;
};

describe('parseSecretKey', () => {
  it('reads 64 hex characters, standard and URL-safe base64, around whitespace', () => {
    const bytes = Buffer.from(HEX, 'hex');
    const ids = [
      HEX,
      HEX.toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      `  ${bytes.toString('base64')}\n`,
    ].map((text) => parseSecretKey(text).id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(parseSecretKey(randomBytes(32).toString('hex')).id).not.toBe(ids[0]);
  });

  it('refuses a malformed key with a message that says how to make one and never shows it', () => {
    const cases = [
      '',
      'not-a-key',
      'a1'.repeat(31),
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('base64'),
      `${HEX.slice(0, 63)}g`,
      '00'.repeat(32),
    ];
    for (const text of cases) {
      const error = thrown(() => parseSecretKey(text));
      expect(error.code).toBe('invalid_secret_key');
      expect(error.message).toContain('SKILLSET_SECRET_KEY is not a usable key');
      expect(error.message).toContain('openssl rand -base64 32');
      if (text.length > 3) expect(error.message).not.toContain(text);
    }
    expect(thrown(() => parseSecretKey(randomBytes(16).toString('base64'))).message).toContain(
      'is 24 characters long',
    );
    expect(thrown(() => parseSecretKey('00'.repeat(32))).message).toContain('all the same');
  });

  it('prints and serialises without the key bytes', () => {
    const text = randomBytes(32).toString('hex');
    const parsed = parseSecretKey(text);
    const raw = Buffer.from(text, 'hex');
    for (const shown of [inspect(parsed, { depth: 5 }), JSON.stringify(parsed), String(parsed)]) {
      expect(shown).not.toContain(text);
      expect(shown).not.toContain(raw.toString('base64'));
    }
  });
});

describe('encryptSecretValue and decryptSecretValue', () => {
  it('round-trips a value with a fresh 12-byte IV each time', () => {
    const first = encryptSecretValue({ key, ...place, value });
    const second = encryptSecretValue({ key, ...place, value });
    expect(first.iv.byteLength).toBe(12);
    expect(first.authTag.byteLength).toBe(16);
    expect(Buffer.from(first.iv).equals(Buffer.from(second.iv))).toBe(false);
    expect(Buffer.from(first.ciphertext).equals(Buffer.from(second.ciphertext))).toBe(false);
    expect(Buffer.from(first.ciphertext).toString('utf8')).not.toContain('ghp_');
    expect(decryptSecretValue({ key, ...place, encrypted: first })).toBe(value);
    expect(decryptSecretValue({ key, ...place, encrypted: second })).toBe(value);
  });

  const encrypted = encryptSecretValue({ key, ...place, value });
  const tampered: [string, EncryptedSecret][] = [
    ['a changed ciphertext', { ...encrypted, ciphertext: flipped(encrypted.ciphertext, 3) }],
    ['a changed tag', { ...encrypted, authTag: flipped(encrypted.authTag) }],
    ['a changed IV', { ...encrypted, iv: flipped(encrypted.iv) }],
    ['a cut ciphertext', { ...encrypted, ciphertext: encrypted.ciphertext.slice(1) }],
    ['a cut tag', { ...encrypted, authTag: encrypted.authTag.slice(0, 12) }],
  ];
  it.each(tampered)('refuses %s instead of returning garbage', (_label, changed) => {
    const error = thrown(() => decryptSecretValue({ key, ...place, encrypted: changed }));
    expect(error.code).toBe('secret_undecryptable');
    expect(error.message).toMatch(/^The secret GITHUB_TOKEN cannot be decrypted: /);
    expect(error.message).not.toContain(value);
  });

  it('refuses a value moved to another workspace or name (the AAD)', () => {
    for (const other of [
      { ...place, workspaceId: 'workspace-2' },
      { ...place, name: 'OTHER_TOKEN' },
    ]) {
      expect(thrown(() => decryptSecretValue({ key, ...other, encrypted })).message).toContain(
        'fails authentication (it was changed, or belongs to another workspace or name)',
      );
    }
  });

  it('says when the value was encrypted with another key, and refuses a forged key id', () => {
    const other = parseSecretKey(randomBytes(32).toString('hex'));
    const error = thrown(() => decryptSecretValue({ key: other, ...place, encrypted }));
    expect(error.code).toBe('secret_undecryptable');
    expect(error.message).toContain(
      `it was encrypted with another SKILLSET_SECRET_KEY (key id ${key.id}; this server's is ${other.id})`,
    );
    const forged = thrown(() =>
      decryptSecretValue({ key: other, ...place, encrypted: { ...encrypted, keyId: other.id } }),
    );
    expect(forged.message).toContain('fails authentication');
  });
});
