import {
  createPolicyContext,
  type PermissionRule,
  type PolicyConfig,
  type PolicyContext,
  type PolicyEnvironment,
} from '@skillset/core';
import { ELIGIBILITY, type PolicyScenario, type RuleTarget } from './policy-scenarios.ts';

/** The ids a surface gave the scenario's workspace, agents and user. */
export interface ScenarioIds {
  workspace: string;
  agent: string;
  otherAgent: string;
  user: string;
}

/** The rules of a scenario with each principal mapped to the surface's ids. */
export function scenarioRules(scenario: PolicyScenario, ids: ScenarioIds): PermissionRule[] {
  const principals: Record<RuleTarget, string> = {
    everyone: '*',
    agent: ids.agent,
    user: ids.user,
    'other-agent': ids.otherAgent,
  };
  return (scenario.rules ?? []).map((rule) => ({
    principal: principals[rule.principal],
    skill: rule.skill,
    surface: rule.surface ?? '*',
    action: rule.action,
  }));
}

/** The context `decide()` gets for the scenario's agent (acting for its user) in its workspace. */
export function agentScenarioContext(
  scenario: PolicyScenario,
  ids: ScenarioIds,
  environment: PolicyEnvironment,
): PolicyContext {
  return createPolicyContext({
    principal: { kind: 'agent', id: ids.agent, userId: ids.user },
    workspace: {
      id: ids.workspace,
      skillsEnabled: true,
      ...(scenario.workspaceIntegrations === undefined
        ? {}
        : { integrations: scenario.workspaceIntegrations }),
    },
    agent: {
      id: ids.agent,
      skillsEnabled: true,
      allowlist: scenario.allowlist ?? [],
      includePersonal: false,
      ...(scenario.agentIntegrations === undefined
        ? {}
        : { integrations: scenario.agentIntegrations }),
    },
    rules: scenarioRules(scenario, ids),
    environment,
    ...(scenario.contentRisks === undefined ? {} : { contentRisks: scenario.contentRisks }),
  });
}

/** Why the local CLI cannot express a scenario (its principal is the local user), if it cannot. */
export function localSkipReason(scenario: PolicyScenario): string | undefined {
  if (scenario.rules?.some((rule) => rule.principal !== 'everyone')) {
    return 'the local policy has no agents and no other users to name in a rule';
  }
  if (scenario.agentIntegrations !== undefined) {
    return 'the local policy has no agent-level integrations';
  }
  if (scenario.skills.some((skill) => skill.enabled === false)) {
    return 'the CLI has no switch to disable a skill';
  }
  return undefined;
}

/** The local policy (`skillset.json`) of a scenario the CLI can express. */
export function localPolicyConfig(scenario: PolicyScenario): PolicyConfig {
  return {
    rules: (scenario.rules ?? []).map((rule) => {
      if (rule.principal !== 'everyone') throw new Error(`the CLI cannot name ${rule.principal}`);
      return {
        principal: '*',
        skill: rule.skill,
        surface: rule.surface ?? '*',
        action: rule.action,
      };
    }),
    ...(scenario.allowlist === undefined ? {} : { allowlist: [...scenario.allowlist] }),
    ...(scenario.workspaceIntegrations === undefined
      ? {}
      : { integrations: [...scenario.workspaceIntegrations] }),
    config: { [ELIGIBILITY.presentConfig]: true },
    ...(scenario.contentRisks === undefined ? {} : { contentRisks: scenario.contentRisks }),
  };
}
