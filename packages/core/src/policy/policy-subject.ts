import type { SkillSignatureStatus } from '../provenance/skill-signature-status.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { SkillScope } from '../skill/skill-scope.ts';

/** The least a policy decision needs to know about a skill. */
export interface PolicySubject {
  manifest: SkillManifest;
  scope: SkillScope;
  /** The skill's own on/off switch; absent means enabled. */
  enabled?: boolean;
  /** The user a `personal` skill belongs to; absent for a local personal skill (this machine's user). */
  ownerId?: string;
  /**
   * The content-risk codes the doctor's scan found in the skill (empty: none); absent when the
   * host did not scan it, which a `contentRisks: "block"` policy refuses.
   */
  contentRisks?: readonly string[];
  /**
   * Environment variables the host gives this skill's scripts (the server's secrets bound to
   * it): they count as set for `requires.env`.
   */
  providedEnv?: readonly string[];
  /**
   * The skill's signature checked against the host's trusted signers; absent when the host did
   * not check it, which a `requireSigned` policy refuses.
   */
  signature?: SkillSignatureStatus;
}
