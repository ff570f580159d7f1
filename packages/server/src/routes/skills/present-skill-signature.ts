import { z } from '@hono/zod-openapi';
import type { SkillSignatureStatus } from '@skillset/core';

/** A skill version's signature as the API returns it, checked against the workspace's trusted signers. */
export const skillSignatureSchema = z
  .object({
    state: z.enum(['signed', 'unsigned', 'invalid']).openapi({
      description:
        '`signed`: a valid signature by a trusted signer; `unsigned`: no SKILL.sig; `invalid`: see reason',
    }),
    signer: z.string().optional().openapi({
      description: "The principal of the trusted signer's allowed_signers line (alice@example.com)",
    }),
    fingerprint: z.string().optional().openapi({
      description: "The signing key's SHA256: fingerprint, as ssh-keygen -l prints it",
    }),
    reason: z.string().optional().openapi({ description: 'Why it is unsigned or does not hold' }),
    code: z
      .string()
      .optional()
      .openapi({ description: 'For `invalid`: a stable code (unknown_signer, file_changed, …)' }),
  })
  .openapi('SkillSignature');

/** The API form of a signature status (the manifest digest stays on the server). */
export function presentSkillSignature(
  status: SkillSignatureStatus,
): z.infer<typeof skillSignatureSchema> {
  if (status.state === 'signed') {
    return { state: 'signed', signer: status.signer, fingerprint: status.fingerprint };
  }
  if (status.state === 'unsigned') return { state: 'unsigned', reason: status.reason };
  return {
    state: 'invalid',
    code: status.code,
    reason: status.reason,
    ...(status.signer === undefined ? {} : { signer: status.signer }),
    ...(status.fingerprint === undefined ? {} : { fingerprint: status.fingerprint }),
  };
}
