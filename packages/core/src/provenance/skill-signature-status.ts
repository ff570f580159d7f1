/** Why a skill's signature does not hold. */
export type SkillSignatureProblem =
  | 'signature_malformed'
  | 'signed_manifest_missing'
  | 'signed_manifest_malformed'
  | 'signature_mismatch'
  | 'namespace_mismatch'
  | 'unsupported_key'
  | 'unknown_signer'
  | 'signer_not_yet_valid'
  | 'signer_expired'
  | 'signer_revoked'
  | 'manifest_other_skill'
  | 'file_unsigned'
  | 'file_missing'
  | 'file_changed'
  | 'symlink_in_skill';

/**
 * What verifying a skill concluded. `digest` is always the skill's current manifest digest
 * ({@link digestSkillSigningManifest}), the content an approval binds to.
 */
export type SkillSignatureStatus =
  | {
      state: 'signed';
      /** The principal of the trusted signer's `allowed_signers` line (`alice@example.com`). */
      signer: string;
      /** The signing key's `SHA256:` fingerprint, as `ssh-keygen -l` prints it. */
      fingerprint: string;
      digest: string;
    }
  | { state: 'unsigned'; reason: string; digest: string }
  | {
      state: 'invalid';
      code: SkillSignatureProblem;
      /** One sentence: what is wrong, where, and how to fix it. */
      reason: string;
      digest: string;
      signer?: string;
      fingerprint?: string;
    };

/** One line of a git-style `allowed_signers` file. */
export interface AllowedSigner {
  /** The principals the line names (patterns allowed, as in `ssh-keygen`). */
  principals: string[];
  /** `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`, … */
  keyType: string;
  /** The public key blob, base64 as in the file. */
  key: string;
  /** `namespaces="…"`: absent means any namespace. */
  namespaces?: string[];
  /** `valid-after="…"`. */
  validAfter?: Date;
  /** `valid-before="…"`: after it the key has expired. */
  validBefore?: Date;
}

/** The signers a host trusts, and the keys it revoked (`ssh-keygen -Y verify -r`'s plain key list). */
export interface TrustedSigners {
  allowedSigners: readonly AllowedSigner[];
  /** Revoked public keys as `<type> <base64>` (a comment after them is ignored). */
  revokedKeys: readonly string[];
}
