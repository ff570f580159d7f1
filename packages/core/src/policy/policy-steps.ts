import { checkPermission } from './check-permission.ts';
import { type EligibilityMissing, evaluateEligibility } from './evaluate-eligibility.ts';
import { matchesPattern } from './match-pattern.ts';
import {
  type PolicyReason,
  type PolicyStep,
  createPolicyReason as reason,
} from './policy-reason.ts';
import type { PolicyStepEvaluator } from './policy-step-evaluator.ts';
import type { PolicySurface } from './policy-surface.ts';

function notApplicable(step: PolicyStep, surface: PolicySurface, why: string): PolicyReason {
  return reason(step, 'skip', 'not_applicable_to_surface', `Not checked on "${surface}": ${why}`);
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Step 1: the skill, the workspace and the agent must have skills switched on. */
export const checkEnabled: PolicyStepEvaluator = (subject, context, surface) => {
  const name = subject.manifest.name;
  if (context.agent?.skillsEnabled === false) {
    return reason(
      'enabled',
      'block',
      'agent_skills_disabled',
      'Skills are switched off for this agent.',
    );
  }
  if (surface === 'manage') {
    return reason(
      'enabled',
      'pass',
      'enabled_not_required',
      `Managing "${name}" does not require it or the workspace's skills to be enabled.`,
    );
  }
  if (subject.enabled === false) {
    return reason('enabled', 'block', 'skill_disabled', `Skill "${name}" is disabled.`);
  }
  if (context.workspace?.skillsEnabled === false) {
    return reason(
      'enabled',
      'block',
      'workspace_skills_disabled',
      'Skills are switched off for this workspace.',
    );
  }
  return reason('enabled', 'pass', 'enabled', `Skill "${name}" is enabled.`);
};

/** Step 2: a personal skill is visible to its owner, and to the owner's agents that opt in. */
export const checkScope: PolicyStepEvaluator = (subject, context) => {
  if (subject.scope !== 'personal') {
    return reason(
      'scope',
      'pass',
      'scope_visible',
      `Scope "${subject.scope}" is visible to this principal.`,
    );
  }
  const { principal } = context;
  const actingUser = principal.kind === 'user' ? principal.id : principal.userId;
  if (subject.ownerId !== undefined && actingUser !== subject.ownerId) {
    return reason(
      'scope',
      'block',
      'personal_skill_of_another_user',
      `Personal skill "${subject.manifest.name}" belongs to another user.`,
    );
  }
  if (context.agent !== undefined && !context.agent.includePersonal) {
    return reason(
      'scope',
      'block',
      'personal_skills_not_included',
      'The agent does not include its user\'s personal skills (set "includePersonal" to opt in).',
    );
  }
  return reason('scope', 'pass', 'personal_skill_of_owner', 'Personal skill of this user.');
};

/** Step 3: a skill tied to an integration needs it enabled for the workspace and for the agent. */
export const checkIntegration: PolicyStepEvaluator = (subject, context, surface) => {
  const integration = subject.manifest.integration;
  if (surface === 'manage') {
    return notApplicable(
      'integration',
      surface,
      'skills are managed whatever integrations are on.',
    );
  }
  if (integration === undefined) {
    return reason('integration', 'pass', 'no_integration', 'The skill needs no integration.');
  }
  const levels = [
    ['workspace', context.workspace?.integrations],
    ['agent', context.agent?.integrations],
  ] as const;
  for (const [level, enabled] of levels) {
    if (enabled !== undefined && !enabled.some((name) => sameName(name, integration))) {
      return reason(
        'integration',
        'block',
        `integration_disabled_for_${level}`,
        `Integration "${integration}" is not enabled for this ${level}.`,
      );
    }
  }
  return reason(
    'integration',
    'pass',
    'integration_enabled',
    `Integration "${integration}" is enabled.`,
  );
};

function describeMissing(missing: EligibilityMissing): string {
  const parts: string[] = [];
  if (missing.bins.length > 0) parts.push(`binaries ${missing.bins.join(', ')}`);
  if (missing.anyBins.length > 0) parts.push(`one of the binaries ${missing.anyBins.join(', ')}`);
  if (missing.env.length > 0) parts.push(`environment variables ${missing.env.join(', ')}`);
  if (missing.config.length > 0) parts.push(`config keys ${missing.config.join(', ')}`);
  if (missing.os.length > 0) parts.push(`an operating system among ${missing.os.join(', ')}`);
  return parts.join('; ');
}

/** Step 4: the skill's declared requirements must be met here (`always: true` overrides). */
export const checkEligibility: PolicyStepEvaluator = (subject, context, surface) => {
  if (surface === 'manage') {
    return notApplicable('eligibility', surface, 'an ineligible skill can still be edited.');
  }
  const provided = subject.providedEnv ?? [];
  const environment =
    provided.length === 0
      ? context.environment
      : {
          ...context.environment,
          env: {
            ...context.environment.env,
            ...Object.fromEntries(provided.map((name) => [name, 'provided'])),
          },
        };
  const result = evaluateEligibility(subject.manifest.requires, environment);
  const { missing } = result;
  if (result.overridden) {
    return {
      ...reason(
        'eligibility',
        'pass',
        'always_eligible',
        `"always: true" overrides missing ${describeMissing(missing)}.`,
      ),
      missing,
    };
  }
  if (result.eligible) {
    return { ...reason('eligibility', 'pass', 'eligible', 'All requirements are met.'), missing };
  }
  return {
    ...reason(
      'eligibility',
      'block',
      'requirements_missing',
      `Missing ${describeMissing(missing)}.`,
    ),
    missing,
  };
};

/** Step 5: with `contentRisks: "block"`, a skill whose content the doctor flags is refused (docs/decisions/0106). */
export const checkContent: PolicyStepEvaluator = (subject, context, surface) => {
  if (context.contentRisks !== 'block') {
    return reason(
      'content',
      'pass',
      'content_risks_allowed',
      'The policy does not block content risks.',
    );
  }
  if (surface === 'manage') {
    return notApplicable('content', surface, 'a skill with content risks can still be fixed.');
  }
  const risks = subject.contentRisks;
  if (risks === undefined) {
    return reason(
      'content',
      'block',
      'content_not_scanned',
      `The content of "${subject.manifest.name}" was not scanned, and the policy blocks content risks.`,
    );
  }
  if (risks.length > 0) {
    return reason(
      'content',
      'block',
      'content_risks_found',
      `"${subject.manifest.name}" has content risks (${[...new Set(risks)].join(', ')}); run: skillset doctor.`,
    );
  }
  return reason('content', 'pass', 'no_content_risks', 'The content scan found no risks.');
};

/** Step 5b: under `requireSigned`, the skill must carry a valid signature by a trusted signer. */
export const checkSignature: PolicyStepEvaluator = (subject, context, surface) => {
  if (context.requireSigned !== true) {
    return reason(
      'signature',
      'pass',
      'signature_not_required',
      'The policy does not require signatures.',
    );
  }
  if (surface === 'manage') {
    return notApplicable('signature', surface, 'an unsigned skill can still be fixed or signed.');
  }
  const name = subject.manifest.name;
  const status = subject.signature;
  if (status === undefined) {
    return reason(
      'signature',
      'block',
      'signature_not_checked',
      `The signature of "${name}" was not checked, and the policy requires signed skills.`,
    );
  }
  if (status.state === 'unsigned') {
    return reason(
      'signature',
      'block',
      'skill_unsigned',
      `"${name}" is not signed (${status.reason}), and the policy requires signed skills; sign it with: skillset sign ${name} --key <ssh key>.`,
    );
  }
  if (status.state === 'invalid') {
    return reason(
      'signature',
      'block',
      `signature_${status.code}`,
      `The signature of "${name}" does not hold: ${status.reason}`,
    );
  }
  return reason(
    'signature',
    'pass',
    'signed_by_trusted_signer',
    `"${name}" is signed by ${status.signer} (${status.fingerprint}).`,
  );
};

/** Step 6: the agent's allowlist must match the skill's name (exact or glob); empty allows all. */
export const checkAllowlist: PolicyStepEvaluator = (subject, context) => {
  const allowlist = context.agent?.allowlist ?? [];
  if (allowlist.length === 0) {
    return reason(
      'allowlist',
      'pass',
      'allowlist_empty',
      'No allowlist applies: every skill is allowed.',
    );
  }
  const pattern = allowlist.find((candidate) => matchesPattern(candidate, subject.manifest.name));
  if (pattern === undefined) {
    return reason(
      'allowlist',
      'block',
      'not_in_allowlist',
      `"${subject.manifest.name}" matches none of the agent's allowlist: ${allowlist.join(', ')}.`,
    );
  }
  return {
    ...reason('allowlist', 'pass', 'allowlist_matched', `Allowlisted by "${pattern}".`),
    pattern,
  };
};

/** Step 8: `disable-model-invocation` blocks `catalog` and `model`; `user-invocable: false` blocks `user`. */
export const checkInvocation: PolicyStepEvaluator = (subject, _context, surface) => {
  const { manifest } = subject;
  if (surface === 'read' || surface === 'manage' || surface === 'run') {
    return notApplicable(
      'invocation',
      surface,
      'the invocation matrix governs invoking, not reading, managing or running scripts.',
    );
  }
  if ((surface === 'catalog' || surface === 'model') && manifest.disableModelInvocation) {
    return reason(
      'invocation',
      'block',
      'model_invocation_disabled',
      `"${manifest.name}" sets disable-model-invocation: only a user may invoke it.`,
    );
  }
  if (surface === 'user' && !manifest.userInvocable) {
    return reason(
      'invocation',
      'block',
      'user_invocation_disabled',
      `"${manifest.name}" sets user-invocable: false: only the model may invoke it.`,
    );
  }
  return reason('invocation', 'pass', 'invocation_permitted', `Invocable on "${surface}".`);
};

/** The steps of DESIGN.md §5, in order. */
export const POLICY_STEP_EVALUATORS: readonly PolicyStepEvaluator[] = [
  checkEnabled,
  checkScope,
  checkIntegration,
  checkEligibility,
  checkContent,
  checkSignature,
  checkAllowlist,
  checkPermission,
  checkInvocation,
];
