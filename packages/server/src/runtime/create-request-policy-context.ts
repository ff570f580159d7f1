import {
  createPolicyContext,
  type PermissionRule,
  type PolicyContext,
  type PolicyEnvironment,
} from '@skillset/core';
import type { StoredAgent, StoredWorkspace } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';

/** Options for {@link createRequestPolicyContext}: what the store holds about a request. */
export interface CreateRequestPolicyContextOptions {
  principal: RequestPrincipal;
  workspace: StoredWorkspace;
  /** The agent involved: the principal itself or the one a user named. */
  agent?: StoredAgent;
  rules: PermissionRule[];
  environment?: PolicyEnvironment;
}

/** Builds core's policy context from a request's principal, workspace, agent and rules. */
export function createRequestPolicyContext(
  options: CreateRequestPolicyContextOptions,
): PolicyContext {
  const { principal, workspace, agent, rules, environment } = options;
  const settings = agent?.settings;
  return createPolicyContext({
    principal:
      principal.kind === 'user'
        ? { kind: 'user', id: principal.userId }
        : {
            kind: 'agent',
            id: principal.agentId,
            ...(agent?.actsForUserId == null ? {} : { userId: agent.actsForUserId }),
          },
    workspace: {
      id: workspace.id,
      skillsEnabled: workspace.settings.skillsEnabled,
      ...(workspace.settings.integrations === undefined
        ? {}
        : { integrations: workspace.settings.integrations }),
    },
    ...(agent === undefined || settings === undefined
      ? {}
      : {
          agent: {
            id: agent.id,
            skillsEnabled: settings.skillsEnabled,
            allowlist: settings.allowlist,
            includePersonal: settings.includePersonal,
            ...(settings.integrations === undefined ? {} : { integrations: settings.integrations }),
          },
        }),
    rules,
    ...(environment === undefined ? {} : { environment }),
    // A block at either level holds, like a deny rule.
    contentRisks:
      workspace.settings.contentRisks === 'block' || settings?.contentRisks === 'block'
        ? 'block'
        : 'allow',
    // Either level requiring signatures holds.
    requireSigned: workspace.settings.requireSigned === true || settings?.requireSigned === true,
  });
}
