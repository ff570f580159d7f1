import { encodeBase64 } from './base64-bytes.ts';
import type { SshSignature } from './parse-ssh-signature.ts';
import { concatBytes, encodeSshString, SshWireReader } from './ssh-wire-reader.ts';

/** What {@link verifySshSignature} concluded about a signature over a message. */
export type SshSignatureCheck =
  | { outcome: 'valid' }
  | { outcome: 'invalid' }
  | { outcome: 'unsupported'; reason: string }
  | { outcome: 'malformed'; reason: string };

const MESSAGE_HASHES: Record<string, string> = { sha256: 'SHA-256', sha512: 'SHA-512' };

const CURVES: Record<string, { curve: string; hash: string; size: number }> = {
  'ecdsa-sha2-nistp256': { curve: 'P-256', hash: 'SHA-256', size: 32 },
  'ecdsa-sha2-nistp384': { curve: 'P-384', hash: 'SHA-384', size: 48 },
  'ecdsa-sha2-nistp521': { curve: 'P-521', hash: 'SHA-512', size: 66 },
};

const RSA_HASHES: Record<string, string> = { 'rsa-sha2-256': 'SHA-256', 'rsa-sha2-512': 'SHA-512' };

type Verifier = (signedData: Uint8Array<ArrayBuffer>) => Promise<boolean>;

/** An SSH mpint as unsigned big-endian bytes: leading zero bytes dropped. */
function unsignedBytes(mpint: Uint8Array): Uint8Array {
  let start = 0;
  while (start < mpint.byteLength - 1 && mpint[start] === 0) start++;
  return mpint.subarray(start);
}

/** Left-pads unsigned big-endian bytes to `size`; throws when they are longer. */
function padTo(bytes: Uint8Array, size: number): Uint8Array {
  const value = unsignedBytes(bytes);
  if (value.byteLength > size) throw new RangeError('an integer is longer than its curve allows');
  const out = new Uint8Array(size);
  out.set(value, size - value.byteLength);
  return out;
}

function base64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The Web Crypto check for the signature's key and algorithm, or why there is none. */
async function verifierFor(signature: SshSignature): Promise<Verifier | string> {
  const subtle = globalThis.crypto.subtle;
  const { keyType, signatureAlgorithm } = signature;
  const key = new SshWireReader(signature.publicKey);
  key.readText();
  const raw = new Uint8Array(signature.signature);
  if (keyType === 'ssh-ed25519') {
    if (signatureAlgorithm !== keyType)
      return `an ${keyType} key cannot make "${signatureAlgorithm}" signatures`;
    const publicKey = await subtle.importKey(
      'raw',
      new Uint8Array(key.readString()),
      'Ed25519',
      false,
      ['verify'],
    );
    return (data) => subtle.verify('Ed25519', publicKey, raw, data);
  }
  const curve = CURVES[keyType];
  if (curve !== undefined) {
    if (signatureAlgorithm !== keyType)
      return `an ${keyType} key cannot make "${signatureAlgorithm}" signatures`;
    key.readText();
    const point = new Uint8Array(key.readString());
    const publicKey = await subtle.importKey(
      'raw',
      point,
      { name: 'ECDSA', namedCurve: curve.curve },
      false,
      ['verify'],
    );
    const parts = new SshWireReader(raw);
    const r = padTo(parts.readString(), curve.size);
    const s = padTo(parts.readString(), curve.size);
    const p1363 = concatBytes([r, s]);
    return (data) => subtle.verify({ name: 'ECDSA', hash: curve.hash }, publicKey, p1363, data);
  }
  if (keyType === 'ssh-rsa') {
    const hash = RSA_HASHES[signatureAlgorithm];
    if (hash === undefined) {
      return signatureAlgorithm === 'ssh-rsa'
        ? 'it is an "ssh-rsa" signature, which uses SHA-1; sign again with a current ssh-keygen (it makes rsa-sha2-512 signatures) or an ed25519 key'
        : `"${signatureAlgorithm}" is not an RSA signature algorithm this verifier knows (rsa-sha2-256, rsa-sha2-512)`;
    }
    const e = unsignedBytes(key.readString());
    const n = unsignedBytes(key.readString());
    const publicKey = await subtle.importKey(
      'jwk',
      { kty: 'RSA', e: base64Url(e), n: base64Url(n), ext: true },
      { name: 'RSASSA-PKCS1-v1_5', hash },
      false,
      ['verify'],
    );
    const padded = new Uint8Array(padTo(raw, Math.max(n.byteLength, raw.byteLength)));
    return (data) => subtle.verify('RSASSA-PKCS1-v1_5', publicKey, padded, data);
  }
  return `"${keyType}" keys are not supported (use ssh-ed25519, ecdsa-sha2-nistp256/384/521 or RSA with rsa-sha2-256/512)`;
}

/**
 * Verifies an SSH signature over `message` with Web Crypto, as `ssh-keygen -Y verify` does
 * (namespace and trust are the caller's to check); never throws.
 */
export async function verifySshSignature(
  signature: SshSignature,
  message: Uint8Array,
): Promise<SshSignatureCheck> {
  const messageHash = MESSAGE_HASHES[signature.hashAlgorithm];
  if (messageHash === undefined) {
    return {
      outcome: 'malformed',
      reason: `its hash algorithm "${signature.hashAlgorithm}" is neither sha256 nor sha512`,
    };
  }
  let verifier: Verifier | string;
  try {
    verifier = await verifierFor(signature);
  } catch {
    return {
      outcome: 'malformed',
      reason: `its ${signature.keyType} public key or signature is garbled`,
    };
  }
  if (typeof verifier === 'string') return { outcome: 'unsupported', reason: verifier };
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest(messageHash, new Uint8Array(message)),
  );
  const signedData = concatBytes([
    new TextEncoder().encode('SSHSIG'),
    encodeSshString(signature.namespace),
    encodeSshString(signature.reserved),
    encodeSshString(signature.hashAlgorithm),
    encodeSshString(digest),
  ]);
  try {
    return (await verifier(signedData)) ? { outcome: 'valid' } : { outcome: 'invalid' };
  } catch {
    return { outcome: 'invalid' };
  }
}
