import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { SecretKey } from './secret-key.ts';

/** A secret value encrypted with AES-256-GCM, as stored. */
export interface EncryptedSecret {
  ciphertext: Uint8Array;
  /** 12 random bytes, new for every value. */
  iv: Uint8Array;
  /** The 16-byte GCM authentication tag. */
  authTag: Uint8Array;
  /** The id of the key it was encrypted with ({@link SecretKey.id}). */
  keyId: string;
}

/** Where a secret belongs: bound into the ciphertext as additional authenticated data. */
export interface SecretPlace {
  workspaceId: string;
  name: string;
}

/** Options for {@link encryptSecretValue}. */
export interface EncryptSecretValueOptions extends SecretPlace {
  key: SecretKey;
  value: string;
}

/** Options for {@link decryptSecretValue}. */
export interface DecryptSecretValueOptions extends SecretPlace {
  key: SecretKey;
  encrypted: EncryptedSecret;
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The additional authenticated data: a value copied to another workspace or name fails to decrypt. */
function associatedData(place: SecretPlace): Buffer {
  return Buffer.from(`skillset-secret\0v1\0${place.workspaceId}\0${place.name}`, 'utf8');
}

/** Encrypts a secret value with a fresh random IV, bound to its workspace and name. */
export function encryptSecretValue(options: EncryptSecretValueOptions): EncryptedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, options.key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(options));
  const ciphertext = Buffer.concat([cipher.update(options.value, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId: options.key.id };
}

function undecryptable(place: SecretPlace, reason: string, cause?: unknown) {
  return new SkillsetError<StoreErrorCode>({
    code: 'secret_undecryptable',
    message: `The secret ${place.name} cannot be decrypted: ${reason}. Set it again to store a new value.`,
    details: { name: place.name },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Decrypts a stored secret value; throws `secret_undecryptable` when the key is another one, or
 * the value, IV, tag, workspace or name were changed. Never returns unauthenticated bytes.
 */
export function decryptSecretValue(options: DecryptSecretValueOptions): string {
  const { encrypted } = options;
  if (encrypted.keyId !== options.key.id) {
    throw undecryptable(
      options,
      `it was encrypted with another SKILLSET_SECRET_KEY (key id ${encrypted.keyId}; this server's is ${options.key.id})`,
    );
  }
  if (encrypted.iv.byteLength !== IV_BYTES || encrypted.authTag.byteLength !== TAG_BYTES) {
    throw undecryptable(options, 'its stored IV or authentication tag has the wrong length');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, options.key.key, encrypted.iv, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(associatedData(options));
    decipher.setAuthTag(encrypted.authTag);
    const plain = Buffer.concat([decipher.update(encrypted.ciphertext), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (error) {
    throw undecryptable(
      options,
      'the stored value fails authentication (it was changed, or belongs to another workspace or name)',
      error instanceof Error ? new Error(error.message) : undefined,
    );
  }
}
