import { decodeBase64 } from './base64-bytes.ts';
import { matchSshPatternList } from './match-ssh-pattern.ts';
import { safeParseSshSignature } from './parse-ssh-signature.ts';
import type {
  AllowedSigner,
  SkillSignatureProblem,
  SkillSignatureStatus,
  TrustedSigners,
} from './skill-signature-status.ts';
import {
  buildSkillSigningManifest,
  digestSkillSigningManifest,
  SKILL_SIGNATURE_FILE,
  SKILL_SIGNATURE_NAMESPACE,
  SKILL_SIGNED_MANIFEST_FILE,
  type SkillManifestFile,
} from './skill-signing-manifest.ts';
import { sshKeyFingerprint } from './ssh-key-fingerprint.ts';
import { verifySshSignature } from './verify-ssh-signature.ts';

/** What {@link verifySkillSignature} checks: a skill's name and all its files, against a trust. */
export interface VerifySkillSignatureOptions {
  /** The skill's frontmatter name. */
  name: string;
  /** Every file of the skill folder, `SKILL.sig` and `SKILL.manifest.json` included. */
  files: readonly { path: string; bytes: Uint8Array }[];
  /** The symbolic links inside the skill folder: any makes a signature invalid. */
  links?: readonly string[];
  trust: TrustedSigners;
  /** When the signer's `valid-after`/`valid-before` are checked; now by default. */
  now?: Date;
}

function sameBytes(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return (
    b !== undefined && a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index])
  );
}

/** The `keytype base64` line's key is the signing key. */
function isKey(publicKey: Uint8Array, line: string): boolean {
  return sameBytes(publicKey, decodeBase64(line.trim().split(/\s+/)[1] ?? ''));
}

function formatDate(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** The signed manifest's files, or undefined when the JSON is not a manifest. */
function readSignedManifest(
  bytes: Uint8Array,
): { name: string; files: SkillManifestFile[] } | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof value !== 'object' || value === null) return undefined;
    const { name, files } = value as { name?: unknown; files?: unknown };
    if (typeof name !== 'string' || !Array.isArray(files)) return undefined;
    const good = files.every(
      (file: unknown) =>
        typeof file === 'object' &&
        file !== null &&
        typeof (file as SkillManifestFile).path === 'string' &&
        typeof (file as SkillManifestFile).digest === 'string' &&
        typeof (file as SkillManifestFile).size === 'number',
    );
    return good ? { name, files: files as SkillManifestFile[] } : undefined;
  } catch {
    return undefined;
  }
}

async function check(
  options: VerifySkillSignatureOptions,
  digest: string,
): Promise<SkillSignatureStatus> {
  const { name, files, trust } = options;
  const resign = `sign it again with: skillset sign ${name} --key <ssh key>`;
  const invalid = (
    code: SkillSignatureProblem,
    reason: string,
    who?: { signer?: string; fingerprint?: string },
  ): SkillSignatureStatus => ({ state: 'invalid', code, reason, digest, ...who });
  const signatureFile = files.find((file) => file.path === SKILL_SIGNATURE_FILE);
  if (signatureFile === undefined) {
    return { state: 'unsigned', reason: `it has no ${SKILL_SIGNATURE_FILE}`, digest };
  }
  const [link] = options.links ?? [];
  if (link !== undefined) {
    return invalid(
      'symlink_in_skill',
      `${JSON.stringify(link)} is a symbolic link, and a signature covers regular files only (a link can point anywhere later); replace it with the file it points to, or remove it, and ${resign}.`,
    );
  }
  const signedFile = files.find((file) => file.path === SKILL_SIGNED_MANIFEST_FILE);
  if (signedFile === undefined) {
    return invalid(
      'signed_manifest_missing',
      `${SKILL_SIGNATURE_FILE} is present but ${SKILL_SIGNED_MANIFEST_FILE}, the bytes it signs, is missing; ${resign}.`,
    );
  }
  const parsed = safeParseSshSignature(new TextDecoder().decode(signatureFile.bytes));
  if (!parsed.success) {
    return invalid(
      'signature_malformed',
      `${SKILL_SIGNATURE_FILE} is not an SSH signature: ${parsed.reason}; ${resign}.`,
    );
  }
  const signature = parsed.signature;
  const fingerprint = await sshKeyFingerprint(signature.publicKey);
  if (signature.namespace !== SKILL_SIGNATURE_NAMESPACE) {
    return invalid(
      'namespace_mismatch',
      `${SKILL_SIGNATURE_FILE} was made for the namespace "${signature.namespace}", not "${SKILL_SIGNATURE_NAMESPACE}"; sign with ssh-keygen -Y sign -n ${SKILL_SIGNATURE_NAMESPACE}, or ${resign}.`,
      { fingerprint },
    );
  }
  const verified = await verifySshSignature(signature, signedFile.bytes);
  if (verified.outcome === 'unsupported') {
    return invalid(
      'unsupported_key',
      `${SKILL_SIGNATURE_FILE} cannot be verified: ${verified.reason}.`,
      { fingerprint },
    );
  }
  if (verified.outcome === 'malformed') {
    return invalid(
      'signature_malformed',
      `${SKILL_SIGNATURE_FILE} is not a valid SSH signature: ${verified.reason}; ${resign}.`,
      { fingerprint },
    );
  }
  if (verified.outcome === 'invalid') {
    return invalid(
      'signature_mismatch',
      `${SKILL_SIGNATURE_FILE} is not a signature over this ${SKILL_SIGNED_MANIFEST_FILE}; ${resign}.`,
      { fingerprint },
    );
  }
  if (trust.revokedKeys.some((line) => isKey(signature.publicKey, line))) {
    return invalid(
      'signer_revoked',
      `The key ${fingerprint} that signed it is revoked (revokedSigners); have a trusted signer sign it again.`,
      { fingerprint },
    );
  }
  const lines = trust.allowedSigners.filter(
    (line: AllowedSigner) =>
      isKey(signature.publicKey, `${line.keyType} ${line.key}`) &&
      (line.namespaces === undefined ||
        matchSshPatternList(SKILL_SIGNATURE_NAMESPACE, line.namespaces)),
  );
  const first = lines[0];
  if (first === undefined) {
    return invalid(
      'unknown_signer',
      `It is signed by the key ${fingerprint}, which no trustedSigners line trusts for the namespace "${SKILL_SIGNATURE_NAMESPACE}"; if you trust it, add "<principal> ${signature.keyType} <base64 key>" to trustedSigners (in skillset.json, or in the workspace settings on a server).`,
      { fingerprint },
    );
  }
  const now = options.now ?? new Date();
  const valid = lines.find(
    (line) =>
      (line.validAfter === undefined || now >= line.validAfter) &&
      (line.validBefore === undefined || now <= line.validBefore),
  );
  if (valid === undefined) {
    const signer = first.principals[0] as string;
    if (first.validAfter !== undefined && now < first.validAfter) {
      return invalid(
        'signer_not_yet_valid',
        `The signer ${signer} (${fingerprint}) is trusted only from ${formatDate(first.validAfter)} (valid-after in trustedSigners).`,
        { signer, fingerprint },
      );
    }
    return invalid(
      'signer_expired',
      `The signer ${signer} (${fingerprint}) was trusted only until ${formatDate(first.validBefore ?? now)} (valid-before in trustedSigners); have a current signer sign it again.`,
      { signer, fingerprint },
    );
  }
  const who = { signer: valid.principals[0] as string, fingerprint };
  const signed = readSignedManifest(signedFile.bytes);
  if (signed === undefined) {
    return invalid(
      'signed_manifest_malformed',
      `${SKILL_SIGNED_MANIFEST_FILE} is not a signing manifest ({"name", "files": [{"path", "digest", "size"}]}); ${resign}.`,
      who,
    );
  }
  if (signed.name !== name) {
    return invalid(
      'manifest_other_skill',
      `${SKILL_SIGNED_MANIFEST_FILE} was signed for skill "${signed.name}", not "${name}"; ${resign}.`,
      who,
    );
  }
  const current = await buildSkillSigningManifest(name, files);
  const signedByPath = new Map(signed.files.map((file) => [file.path, file]));
  const currentPaths = new Set(current.files.map((file) => file.path));
  const unsigned = current.files.find((file) => !signedByPath.has(file.path));
  if (unsigned !== undefined) {
    return invalid(
      'file_unsigned',
      `The file ${unsigned.path} is not in the signed manifest; ${resign}.`,
      who,
    );
  }
  const missing = signed.files.find((file) => !currentPaths.has(file.path));
  if (missing !== undefined) {
    return invalid(
      'file_missing',
      `The signed file ${missing.path} is missing; restore it or ${resign}.`,
      who,
    );
  }
  const changed = current.files.find((file) => {
    const was = signedByPath.get(file.path);
    return was?.digest !== file.digest || was.size !== file.size;
  });
  if (changed !== undefined) {
    return invalid(
      'file_changed',
      `The file ${changed.path} changed since it was signed; ${resign}.`,
      who,
    );
  }
  return { state: 'signed', ...who, digest };
}

/**
 * Verifies a skill's `SKILL.sig` over its `SKILL.manifest.json` and that manifest against the
 * skill's current files and the trusted signers, in-process with Web Crypto; never throws.
 */
export async function verifySkillSignature(
  options: VerifySkillSignatureOptions,
): Promise<SkillSignatureStatus> {
  const digest = await digestSkillSigningManifest(
    await buildSkillSigningManifest(options.name, options.files),
  );
  try {
    return await check(options, digest);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const resign = `sign it again with: skillset sign ${options.name} --key <ssh key>`;
    return {
      state: 'invalid',
      code: 'signature_malformed',
      reason: `${SKILL_SIGNATURE_FILE} could not be checked (${message}); ${resign}.`,
      digest,
    };
  }
}
