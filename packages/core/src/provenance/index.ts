export { canonicalJson } from './canonical-json.ts';
export {
  type SafeParseSshSignatureResult,
  type SshSignature,
  safeParseSshSignature,
} from './parse-ssh-signature.ts';
export {
  type ParseTrustedSignersOptions,
  type ParseTrustedSignersResult,
  parseTrustedSigners,
} from './parse-trusted-signers.ts';
export { readSkillFiles } from './read-skill-files.ts';
export { sha256Hex } from './sha256-hex.ts';
export type {
  AllowedSigner,
  SkillSignatureProblem,
  SkillSignatureStatus,
  TrustedSigners,
} from './skill-signature-status.ts';
export {
  buildSkillSigningManifest,
  digestSkillSigningManifest,
  isSignatureFile,
  SKILL_SIGNATURE_FILE,
  SKILL_SIGNATURE_NAMESPACE,
  SKILL_SIGNED_MANIFEST_FILE,
  type SkillManifestFile,
  type SkillSigningManifest,
  serializeSkillSigningManifest,
} from './skill-signing-manifest.ts';
export { sshKeyFingerprint } from './ssh-key-fingerprint.ts';
export {
  type VerifySkillSignatureOptions,
  verifySkillSignature,
} from './verify-skill-signature.ts';
