import { listConfigKeys } from './config-keys.ts';
import type { ContentRiskPolicy } from './content-risk-policy.ts';
import type { PermissionRule } from './permission-rule.ts';
import type { PolicyConfig } from './policy-config-schema.ts';
import {
  createPolicyEnvironment,
  type PolicyEnvironment,
  type PolicyEnvironmentOptions,
} from './policy-environment.ts';

/** Who asks: a user, or an agent that may act for a user (`userId`). */
export type PolicyPrincipal =
  | { kind: 'user'; id: string }
  | { kind: 'agent'; id: string; userId?: string };

/** A workspace's skill settings; an absent `integrations` list means the workspace does not gate them. */
export interface WorkspacePolicySettings {
  id?: string;
  skillsEnabled: boolean;
  integrations?: readonly string[];
}

/** An agent's skill settings; an absent `integrations` list means the agent inherits the workspace's. */
export interface AgentPolicySettings {
  id?: string;
  skillsEnabled: boolean;
  integrations?: readonly string[];
  /** Skill names or globs the agent may use; empty means every skill. */
  allowlist: readonly string[];
  /** Whether the agent sees its user's personal skills. */
  includePersonal: boolean;
}

/** Everything {@link decide} needs besides the skill and the surface; build it with {@link createPolicyContext}. */
export interface PolicyContext {
  principal: PolicyPrincipal;
  /** Absent for the local CLI: no workspace-level switch or integration gate applies. */
  workspace?: WorkspacePolicySettings;
  /** Present when an agent is involved (the principal, or the agent a user talks through). */
  agent?: AgentPolicySettings;
  rules: readonly PermissionRule[];
  environment: PolicyEnvironment;
  /** `block`: skills with content risks are refused on every surface but `manage`; absent means `allow`. */
  contentRisks?: ContentRiskPolicy;
  /** Only skills signed by a trusted signer pass, on every surface but `manage`. */
  requireSigned?: boolean;
}

/** The parts of a {@link PolicyContext} a caller may give; everything is optional. */
export interface PolicyContextOptions {
  /** Defaults to the local user `{ kind: 'user', id: 'local' }`. */
  principal?: PolicyPrincipal;
  workspace?: Partial<WorkspacePolicySettings>;
  agent?: Partial<AgentPolicySettings>;
  rules?: readonly PermissionRule[];
  environment?: PolicyEnvironmentOptions;
  /** Overrides the config's `contentRisks`. */
  contentRisks?: ContentRiskPolicy;
  /** True holds even when the config says false (a workspace or agent requiring signatures wins). */
  requireSigned?: boolean;
  /**
   * A local policy config folded in: its rules are added, its integrations become the workspace's,
   * its config values become config keys, and its allowlist becomes the agent's — for an agent level
   * created from the config, personal skills stay visible (it is the user's own machine).
   */
  config?: PolicyConfig;
}

/** The principal used when none is given: the person at the local CLI. */
export const LOCAL_PRINCIPAL: PolicyPrincipal = { kind: 'user', id: 'local' };

/** Builds a complete policy context from partial settings, filling safe defaults (see DESIGN.md §5). */
export function createPolicyContext(options: PolicyContextOptions = {}): PolicyContext {
  const { config } = options;
  const principal = options.principal ?? LOCAL_PRINCIPAL;
  const context: PolicyContext = {
    principal,
    rules: [...(config?.rules ?? []), ...(options.rules ?? [])],
    environment: createPolicyEnvironment({
      ...options.environment,
      configKeys: [
        ...(options.environment?.configKeys ?? []),
        ...(config?.config ? listConfigKeys(config.config) : []),
      ],
    }),
  };
  const contentRisks = options.contentRisks ?? config?.contentRisks;
  if (contentRisks !== undefined) context.contentRisks = contentRisks;
  if (options.requireSigned === true || config?.requireSigned === true)
    context.requireSigned = true;
  if (options.workspace !== undefined || config?.integrations !== undefined) {
    const integrations = options.workspace?.integrations ?? config?.integrations;
    context.workspace = {
      ...options.workspace,
      skillsEnabled: options.workspace?.skillsEnabled ?? true,
      ...(integrations === undefined ? {} : { integrations: [...integrations] }),
    };
  }
  if (
    options.agent !== undefined ||
    principal.kind === 'agent' ||
    config?.allowlist !== undefined
  ) {
    const fromConfigOnly = options.agent === undefined && principal.kind !== 'agent';
    context.agent = {
      ...(principal.kind === 'agent' ? { id: principal.id } : {}),
      ...options.agent,
      skillsEnabled: options.agent?.skillsEnabled ?? true,
      allowlist: [...(options.agent?.allowlist ?? config?.allowlist ?? [])],
      includePersonal: options.agent?.includePersonal ?? fromConfigOnly,
    };
  }
  return context;
}
