import { matchesPattern } from './match-pattern.ts';
import { PERMISSION_ACTIONS, type PermissionRule } from './permission-rule.ts';
import type { PolicyContext } from './policy-context.ts';
import { createPolicyReason as reason } from './policy-reason.ts';
import type { PolicyStepEvaluator } from './policy-step-evaluator.ts';
import type { PolicySubject } from './policy-subject.ts';
import type { PolicySurface } from './policy-surface.ts';

function principalIds(context: PolicyContext): string[] {
  const ids = [context.principal.id];
  if (context.principal.kind === 'agent' && context.principal.userId !== undefined) {
    ids.push(context.principal.userId);
  }
  if (context.agent?.id !== undefined) ids.push(context.agent.id);
  return ids;
}

/** The surfaces whose rules decide a surface: the catalog also obeys the model's, so nothing is listed and then refused. */
function ruleSurfaces(surface: PolicySurface): readonly PolicySurface[] {
  return surface === 'catalog' ? ['catalog', 'model'] : [surface];
}

/** The surfaces that hand out a skill's text: invoking it (`model`, `user`) and reading it. */
const TEXT_SURFACES: readonly PolicySurface[] = ['model', 'user', 'read'];

/**
 * The surfaces whose `ask` rules also hold on a surface: reading and managing a skill hand out its
 * text, so an `ask` on any surface that hands it out holds there too (docs/decisions/0140).
 */
function askSurfaces(surface: PolicySurface): readonly PolicySurface[] {
  if (surface === 'read') return TEXT_SURFACES;
  if (surface === 'manage') return ['manage', ...TEXT_SURFACES];
  return ruleSurfaces(surface);
}

/** The `allowed-tools` entry with which a skill pre-approves running its own scripts. */
export const RUN_SCRIPTS_TOOL = 'run_skill_script';

/** True when the skill's `allowed-tools` names `run_skill_script` (exactly, any case). */
export function preapprovesOwnScripts(subject: PolicySubject): boolean {
  return (subject.manifest.allowedTools ?? []).some(
    (tool) => tool.trim().toLowerCase() === RUN_SCRIPTS_TOOL,
  );
}

/**
 * Lists the permission rules that apply to this skill, principal and surface. On `run` an `allow`
 * rule counts only when it names `run`: an older "allow on every surface" never lets scripts run.
 * On `read` and `manage` an `ask` rule on `model` or `user` counts too, since both hand out the
 * skill's text.
 */
export function findMatchingRules(
  subject: PolicySubject,
  context: PolicyContext,
  surface: PolicySurface,
): PermissionRule[] {
  const ids = principalIds(context);
  const surfaces = ruleSurfaces(surface);
  const asking = askSurfaces(surface);
  return context.rules.filter((rule) => {
    const principal = rule.principal ?? '*';
    const ruleSurface = rule.surface ?? '*';
    if (surface === 'run' && rule.action === 'allow' && ruleSurface !== 'run') return false;
    const on = rule.action === 'ask' ? asking : surfaces;
    return (
      (principal === '*' || ids.includes(principal)) &&
      (ruleSurface === '*' || on.includes(ruleSurface)) &&
      matchesPattern(rule.skill, subject.manifest.name)
    );
  });
}

function describeRule(rule: PermissionRule, surface: PolicySurface): string {
  const on =
    rule.surface === undefined || rule.surface === '*' ? 'every surface' : `"${rule.surface}"`;
  const principal =
    rule.principalName === undefined ? (rule.principal ?? '*') : `"${rule.principalName}"`;
  const described = `${rule.action} "${rule.skill}" for ${principal} on ${on}`;
  // An ask on invoking that holds on reading or managing says why.
  if (on === 'every surface' || ruleSurfaces(surface).includes(rule.surface as PolicySurface)) {
    return described;
  }
  return `${described}, which holds on "${surface}" too: it hands out the same text`;
}

/**
 * Step 7: among matching permission rules `deny` beats `ask` beats `allow`; no match allows, except
 * on `run`, where no match asks unless the skill's `allowed-tools` names `run_skill_script`.
 */
export const checkPermission: PolicyStepEvaluator = (subject, context, surface) => {
  const matching = findMatchingRules(subject, context, surface);
  for (const action of PERMISSION_ACTIONS) {
    const rule = matching.find((candidate) => candidate.action === action);
    if (rule === undefined) continue;
    const outcome = action === 'deny' ? 'block' : action === 'ask' ? 'ask' : 'pass';
    const code =
      action === 'deny'
        ? 'denied_by_rule'
        : action === 'ask'
          ? 'approval_required_by_rule'
          : 'allowed_by_rule';
    return {
      ...reason('permission', outcome, code, `Rule: ${describeRule(rule, surface)}.`),
      rule,
    };
  }
  if (surface === 'run') {
    if (preapprovesOwnScripts(subject)) {
      return reason(
        'permission',
        'pass',
        'preapproved_by_allowed_tools',
        `No permission rule matches; "${subject.manifest.name}" pre-approves running its own scripts (allowed-tools: ${RUN_SCRIPTS_TOOL}).`,
      );
    }
    return reason(
      'permission',
      'ask',
      'approval_required_by_default',
      "No permission rule allows running this skill's scripts; by default each run needs a person's approval.",
    );
  }
  return reason(
    'permission',
    'pass',
    'no_matching_rule',
    'No permission rule matches; the default is allow.',
  );
};
