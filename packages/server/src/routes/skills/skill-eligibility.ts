import {
  type EligibilityMissing,
  evaluateEligibility,
  type PolicyEnvironment,
  type SkillManifest,
} from '@skillset/core';

/** Whether a skill can run on this server, and what it lacks. */
export interface SkillEligibility {
  eligible: boolean;
  missing: EligibilityMissing;
}

/** Evaluates a manifest's `requires` against the server's environment (binaries, env, config, OS). */
export function skillEligibility(
  manifest: SkillManifest,
  environment: PolicyEnvironment,
): SkillEligibility {
  const { eligible, missing } = evaluateEligibility(manifest.requires, environment);
  return { eligible, missing };
}
