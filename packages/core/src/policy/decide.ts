import type { PolicyContext } from './policy-context.ts';
import type { PolicyReason } from './policy-reason.ts';
import { POLICY_STEP_EVALUATORS } from './policy-steps.ts';
import type { PolicySubject } from './policy-subject.ts';
import {
  type PolicySurface,
  resolvePolicySurface,
  type SkillEntryPoint,
} from './policy-surface.ts';

/** The outcome of {@link decide}, with the trace of every step that ran. */
export interface PolicyDecision {
  /** The policy surface decided on (an entry point such as `mcp_prompt` resolves to `user`). */
  surface: PolicySurface;
  /** The surface may show the skill at all (list it, autocomplete it, offer it); never true when not allowed. */
  visible: boolean;
  /** The principal may use the skill through this surface, after approval when `requiresApproval`. */
  allowed: boolean;
  /** A matching `ask` rule: a person must approve each use. */
  requiresApproval: boolean;
  /** One entry per step that ran, in order; the last one refused when `allowed` is false. */
  reasons: PolicyReason[];
}

/**
 * Decides whether a principal may see and use a skill on a surface, applying DESIGN.md §5 in order
 * and stopping at the first step that refuses.
 *
 * `visible` equals `allowed`: a surface shows exactly what it would let through, so a skill is never
 * listed and then refused, and a surface treats a refused skill like an unknown name. The `catalog`
 * surface also obeys the permission rules for `model`, because the catalog lists skills for the model.
 * `read` and `manage` also obey the `ask` rules of `model` and `user`: they hand out the same text,
 * so a body that needs a person's approval to be invoked needs it to be read too.
 * On `read` the invocation matrix does not apply; on `manage` only the agent's switch, scope, the
 * allowlist and permission rules apply, so a disabled or ineligible skill can still be fixed.
 */
export function decide(
  skill: PolicySubject,
  context: PolicyContext,
  surface: PolicySurface | SkillEntryPoint,
): PolicyDecision {
  const resolved = resolvePolicySurface(surface);
  const reasons: PolicyReason[] = [];
  let requiresApproval = false;
  for (const evaluate of POLICY_STEP_EVALUATORS) {
    const reason = evaluate(skill, context, resolved);
    reasons.push(reason);
    if (reason.outcome === 'block') {
      return {
        surface: resolved,
        visible: false,
        allowed: false,
        requiresApproval: false,
        reasons,
      };
    }
    if (reason.outcome === 'ask') requiresApproval = true;
  }
  return { surface: resolved, visible: true, allowed: true, requiresApproval, reasons };
}
