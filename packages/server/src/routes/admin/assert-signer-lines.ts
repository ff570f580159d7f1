import { parseTrustedSigners, SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../../http/server-error-code.ts';

/** The signer lines of a workspace settings change. */
export interface SignerLines {
  trustedSigners?: readonly string[] | undefined;
  revokedSigners?: readonly string[] | undefined;
}

/**
 * Refuses `trustedSigners` (git allowed_signers lines) and `revokedSigners` (`keytype base64`
 * lines) that do not parse, with one sentence per bad line naming its setting and number.
 */
export function assertSignerLines(settings: SignerLines | undefined): void {
  const problems: string[] = [];
  for (const key of ['trustedSigners', 'revokedSigners'] as const) {
    (settings?.[key] ?? []).forEach((line, index) => {
      const { issues } = parseTrustedSigners({ [key]: [line] });
      for (const issue of issues) problems.push(`${key} line ${index + 1}: ${issue}`);
    });
  }
  if (problems.length === 0) return;
  throw new SkillsetError<ServerErrorCode>({
    code: 'invalid_request',
    message: `${problems.join(' ')} Write each trusted signer as one allowed_signers line ("alice@example.com ssh-ed25519 AAAA…") and each revoked key as "ssh-ed25519 AAAA…".`,
    details: { problems },
  });
}
