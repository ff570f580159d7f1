import type {
  PolicyContext,
  PolicySubject,
  PolicySurface,
} from '../../packages/core/src/policy/index.ts';
import { createPolicyContext } from '../../packages/core/src/policy/index.ts';
import { createManifest } from '../../packages/core/src/skill/create-manifest.ts';
import type { SkillManifest } from '../../packages/core/src/skill/skill-manifest.ts';

/** Builds a workspace skill for a scenario. */
export function scenarioSkill(
  name: string,
  fields: Partial<SkillManifest> = {},
  extra: Partial<PolicySubject> = {},
): PolicySubject {
  return {
    manifest: createManifest({ name, description: `The ${name} skill.`, ...fields }),
    scope: 'workspace',
    ...extra,
  };
}

/** An agent acting for user-1 in a workspace with Slack enabled and the usual tools installed. */
export function agentContext(
  options: Parameters<typeof createPolicyContext>[0] = {},
): PolicyContext {
  return createPolicyContext({
    principal: { kind: 'agent', id: 'agent-1', userId: 'user-1' },
    workspace: { id: 'workspace-1', integrations: ['slack'] },
    environment: {
      hasBinary: (name) => name === 'git',
      env: { HOME: '/home/me' },
      platform: 'linux',
    },
    ...options,
  });
}

/** One skill in one context, with the expected answer on each policy surface. */
export interface PolicyScenario {
  name: string;
  skill: PolicySubject;
  context: PolicyContext;
  allowed: Record<PolicySurface, boolean>;
}

const everywhere = { catalog: true, model: true, user: true, read: true, manage: true };
const nowhere = { catalog: false, model: false, user: false, read: false, manage: false };
const manageOnly = { ...nowhere, manage: true };

/** The skill every surface must refuse: a deny rule on every surface. */
export const deniedScenario: PolicyScenario = {
  name: 'a skill denied for everyone on every surface',
  skill: scenarioSkill('deploy'),
  context: agentContext({ rules: [{ principal: '*', skill: 'deploy', action: 'deny' }] }),
  allowed: nowhere,
};

/** The control skill every surface must allow. */
export const allowedScenario: PolicyScenario = {
  name: 'an allowed control skill',
  skill: scenarioSkill('pdf', { integration: 'slack' }),
  context: agentContext({ rules: [{ principal: '*', skill: 'deploy', action: 'deny' }] }),
  allowed: everywhere,
};

/** Every scenario the surfaces must agree on. */
export const policyScenarios: readonly PolicyScenario[] = [
  deniedScenario,
  allowedScenario,
  {
    name: 'a skill denied for this agent by a glob',
    skill: scenarioSkill('deploy-prod'),
    context: agentContext({ rules: [{ principal: 'agent-1', skill: 'DEPLOY-*', action: 'deny' }] }),
    allowed: nowhere,
  },
  {
    name: 'a skill denied for the user the agent acts for',
    skill: scenarioSkill('deploy'),
    context: agentContext({
      rules: [
        { principal: 'user-1', skill: 'deploy', action: 'deny' },
        { skill: 'deploy', action: 'allow' },
      ],
    }),
    allowed: nowhere,
  },
  {
    name: 'a skill the model may not use, which the catalog must not list',
    skill: scenarioSkill('pdf'),
    context: agentContext({ rules: [{ skill: 'pdf', surface: 'model', action: 'deny' }] }),
    allowed: { ...everywhere, catalog: false, model: false },
  },
  {
    name: 'a skill that needs approval, allowed everywhere',
    skill: scenarioSkill('pdf'),
    context: agentContext({ rules: [{ skill: 'pdf', action: 'ask' }] }),
    allowed: everywhere,
  },
  {
    name: 'a user-only skill (disable-model-invocation)',
    skill: scenarioSkill('commit', { disableModelInvocation: true }),
    context: agentContext(),
    allowed: { ...everywhere, catalog: false, model: false },
  },
  {
    name: 'a model-only skill (user-invocable: false)',
    skill: scenarioSkill('style', { userInvocable: false }),
    context: agentContext(),
    allowed: { ...everywhere, user: false },
  },
  {
    name: 'a disabled skill',
    skill: scenarioSkill('pdf', {}, { enabled: false }),
    context: agentContext(),
    allowed: manageOnly,
  },
  {
    name: 'an ineligible skill',
    skill: scenarioSkill('release', {
      requires: { bins: ['gh'], anyBins: [], env: [], config: [], os: [], always: false },
    }),
    context: agentContext(),
    allowed: manageOnly,
  },
  {
    name: 'a skill whose integration the agent has not enabled',
    skill: scenarioSkill('slack-post', { integration: 'slack' }),
    context: agentContext({ agent: { integrations: [] } }),
    allowed: manageOnly,
  },
  {
    name: "a skill outside the agent's allowlist",
    skill: scenarioSkill('pdf'),
    context: agentContext({ agent: { allowlist: ['docx', 'xlsx-*'] } }),
    allowed: nowhere,
  },
  {
    name: "another user's personal skill",
    skill: scenarioSkill('notes', {}, { scope: 'personal', ownerId: 'user-2' }),
    context: agentContext({ agent: { includePersonal: true } }),
    allowed: nowhere,
  },
];
