import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import type { StoreErrorCode } from '../store/store-error-code.ts';

/** The environment variable the server reads its secret key from. */
export const SECRET_KEY_VARIABLE = 'SKILLSET_SECRET_KEY';

/** How to make a key, for messages. */
export const SECRET_KEY_HOWTO = `set ${SECRET_KEY_VARIABLE} to 32 random bytes as base64 (openssl rand -base64 32) or as 64 hex characters (openssl rand -hex 32), and restart the server`;

/** An AES-256 key for secret values; printing or serialising it shows no key bytes. */
export interface SecretKey {
  /** The 32-byte key (a `KeyObject` never prints its bytes). */
  readonly key: KeyObject;
  /** A short id derived from the key, stored next to each value to tell a key change from tampering. */
  readonly id: string;
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{42,43}={0,2}$/;

function invalidKey(reason: string): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'invalid_secret_key',
    message: `${SECRET_KEY_VARIABLE} is not a usable key: ${reason}; ${SECRET_KEY_HOWTO}.`,
  });
}

/** Reads the 32 key bytes of hex or base64 (standard or URL-safe) text. */
function decodeKey(text: string): Buffer {
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (!BASE64_KEY.test(text)) {
    throw invalidKey(
      `it is ${text.length} characters long and not 64 hex characters or the base64 of 32 bytes`,
    );
  }
  const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (bytes.length !== 32) {
    throw invalidKey(`it decodes to ${bytes.length} bytes as base64, not 32`);
  }
  return bytes;
}

/**
 * Parses `SKILLSET_SECRET_KEY` text (32 bytes as base64 or 64 hex characters; surrounding
 * whitespace ignored) into a {@link SecretKey}; throws `invalid_secret_key`, never echoing the text.
 */
export function parseSecretKey(text: string): SecretKey {
  const bytes = decodeKey(text.trim());
  if (bytes.every((byte) => byte === bytes[0])) {
    throw invalidKey('its 32 bytes are all the same, which is not a random key');
  }
  const id = createHmac('sha256', bytes)
    .update('skillset secret key id')
    .digest('hex')
    .slice(0, 16);
  return { key: createSecretKey(bytes), id };
}
