import { encodeBase64 } from './base64-bytes.ts';

/** The `SHA256:` fingerprint of an SSH public key blob, as `ssh-keygen -l` prints it (base64, no padding). */
export async function sshKeyFingerprint(publicKey: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(publicKey));
  return `SHA256:${encodeBase64(new Uint8Array(digest)).replace(/=+$/, '')}`;
}
