import type { SkillSignatureStatus } from '../provenance/skill-signature-status.ts';
import type { DoctorFinding } from './doctor-finding.ts';

/**
 * The finding of a skill that `requireSigned` leaves out: unsigned or with a signature that does
 * not hold, with the reason; undefined for a skill signed by a trusted signer.
 */
export function signatureFinding(
  skill: string,
  status: SkillSignatureStatus,
): DoctorFinding | undefined {
  if (status.state === 'signed') return undefined;
  if (status.state === 'unsigned') {
    return {
      code: 'skill_unsigned',
      severity: 'error',
      category: 'content',
      skill,
      message: `The skill is not signed (${status.reason}), and requireSigned leaves it out of every surface.`,
      fix: `Sign it with: skillset sign ${skill} --key <ssh key>, by a signer in trustedSigners.`,
    };
  }
  return {
    code: 'signature_invalid',
    severity: 'error',
    category: 'content',
    skill,
    message: `The signature does not hold, and requireSigned leaves the skill out of every surface: ${status.reason}`,
    fix: `Sign it again with: skillset sign ${skill} --key <ssh key>, by a signer in trustedSigners.`,
  };
}
