import { decodeBase64 } from './base64-bytes.ts';
import { SshWireReader } from './ssh-wire-reader.ts';

/** The parts of an SSH signature (OpenSSH's PROTOCOL.sshsig: the `SSHSIG` blob inside the armor). */
export interface SshSignature {
  /** The signing key's public key blob (SSH wire format). */
  publicKey: Uint8Array;
  /** The key's type, as its blob names it: `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`, … */
  keyType: string;
  namespace: string;
  reserved: Uint8Array;
  /** `sha256` or `sha512`: the hash of the message that was signed. */
  hashAlgorithm: string;
  /** The signature's algorithm: `ssh-ed25519`, `rsa-sha2-512`, … */
  signatureAlgorithm: string;
  /** The raw signature bytes of that algorithm. */
  signature: Uint8Array;
}

/** What {@link safeParseSshSignature} found: the signature, or why the text is not one. */
export type SafeParseSshSignatureResult =
  | { success: true; signature: SshSignature }
  | { success: false; reason: string };

const BEGIN = '-----BEGIN SSH SIGNATURE-----';
const END = '-----END SSH SIGNATURE-----';
const MAGIC = 'SSHSIG';

/** Parses an armored SSH signature (`-----BEGIN SSH SIGNATURE-----`); never throws. */
export function safeParseSshSignature(armored: string): SafeParseSshSignatureResult {
  const text = armored.trim();
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin !== 0 || end < 0 || end + END.length !== text.length) {
    return {
      success: false,
      reason: `it is not an armored SSH signature (it must start with "${BEGIN}" and end with "${END}")`,
    };
  }
  const body = text.slice(BEGIN.length, end).replace(/\s+/g, '');
  const blob = decodeBase64(body);
  if (blob === undefined || blob.byteLength === 0) {
    return { success: false, reason: 'the text between its armor lines is not base64' };
  }
  try {
    const reader = new SshWireReader(blob);
    const magic = new TextDecoder().decode(reader.readBytes(MAGIC.length));
    if (magic !== MAGIC)
      return { success: false, reason: `its blob does not start with "${MAGIC}"` };
    const version = reader.readUint32();
    if (version !== 1) {
      return {
        success: false,
        reason: `its SSHSIG version is ${version}, and only version 1 exists`,
      };
    }
    const publicKey = reader.readString();
    const namespace = reader.readText();
    const reserved = reader.readString();
    const hashAlgorithm = reader.readText();
    const signatureBlob = reader.readString();
    if (!reader.done) return { success: false, reason: 'its blob has bytes after the signature' };
    const keyType = new SshWireReader(publicKey).readText();
    const inner = new SshWireReader(signatureBlob);
    const signatureAlgorithm = inner.readText();
    const signature = inner.readString();
    if (!inner.done) return { success: false, reason: 'its signature has bytes after its value' };
    return {
      success: true,
      signature: {
        publicKey,
        keyType,
        namespace,
        reserved,
        hashAlgorithm,
        signatureAlgorithm,
        signature,
      },
    };
  } catch {
    return { success: false, reason: 'its SSHSIG blob is truncated or garbled' };
  }
}
