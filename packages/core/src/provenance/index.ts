export { canonicalJson } from './canonical-json.ts';
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
