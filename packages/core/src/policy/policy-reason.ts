import type { EligibilityMissing } from './evaluate-eligibility.ts';
import type { PermissionRule } from './permission-rule.ts';

/** The steps of a policy decision, in the order DESIGN.md §5 applies them. */
export const POLICY_STEPS = [
  'enabled',
  'scope',
  'integration',
  'eligibility',
  'content',
  'signature',
  'allowlist',
  'permission',
  'invocation',
] as const;

/** One step of a policy decision. */
export type PolicyStep = (typeof POLICY_STEPS)[number];

/** What a step concluded: let it through, refuse it, require approval, or not apply on this surface. */
export type PolicyOutcome = 'pass' | 'block' | 'ask' | 'skip';

/** One entry of a decision's trace: the step, its outcome, a snake_case code and a sentence saying why. */
export interface PolicyReason {
  step: PolicyStep;
  outcome: PolicyOutcome;
  code: string;
  message: string;
  /** Eligibility: exactly what is missing (present on the `eligibility` step when it ran). */
  missing?: EligibilityMissing;
  /** Permission: the rule that decided (absent when no rule matched and the default applied). */
  rule?: PermissionRule;
  /** Allowlist: the pattern that matched. */
  pattern?: string;
}

/** Builds a trace entry. */
export function createPolicyReason(
  step: PolicyStep,
  outcome: PolicyOutcome,
  code: string,
  message: string,
): PolicyReason {
  return { step, outcome, code, message };
}
