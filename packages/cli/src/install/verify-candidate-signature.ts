import {
  type SkillSignatureStatus,
  type TrustedSigners,
  verifySkillSignature,
} from '@skillset/core';
import type { SkillPackageFile } from '@skillset/core/authoring';

/** A skill's files before they are written: `SKILL.md`'s bytes and the others by relative path. */
export interface IncomingSkill {
  name: string;
  skillBytes: Uint8Array;
  files: readonly SkillPackageFile[];
}

/** Verifies a skill that `add`, `update` or `sync` is about to write, from its bytes, against `trust`. */
export function verifyCandidateSignature(
  skill: IncomingSkill,
  trust: TrustedSigners,
): Promise<SkillSignatureStatus> {
  return verifySkillSignature({
    name: skill.name,
    files: [
      { path: 'SKILL.md', bytes: skill.skillBytes },
      ...skill.files.map((file) => ({ path: file.path, bytes: file.bytes })),
    ],
    trust,
  });
}

/** The one line `add`, `update` and `sync` print about a signature: "signed by …", "unsigned" or why it does not hold. */
export function describeSignature(status: SkillSignatureStatus): string {
  if (status.state === 'signed') return `signed by ${status.signer} (${status.fingerprint})`;
  if (status.state === 'unsigned') return 'unsigned';
  return `signature invalid: ${status.reason}`;
}

/**
 * Why `requireSigned` refuses a skill about to be written (a sentence ending without a period, so
 * callers can add what was not written); undefined for a skill signed by a trusted signer.
 */
export function signatureRefusal(name: string, status: SkillSignatureStatus): string | undefined {
  if (status.state === 'signed') return undefined;
  if (status.state === 'unsigned') {
    return `${name} is not signed (${status.reason}), and the policy requires signed skills (requireSigned in skillset.json); sign it with skillset sign ${name} --key <ssh key> by a signer in trustedSigners`;
  }
  return `the signature of ${name} does not hold, and the policy requires signed skills (requireSigned in skillset.json): ${status.reason.replace(/\.$/, '')}`;
}
