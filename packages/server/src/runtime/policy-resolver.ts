import {
  DEFAULT_CATALOG_BUDGET,
  type PolicyContext,
  type PolicyEnvironment,
  SkillsetError,
} from '@skillset/core';
import type { AccessChange, Store, StoredAgent } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { policyConcerned } from './access-change-scope.ts';
import { createRequestPolicyContext } from './create-request-policy-context.ts';
import { createExpiringCache } from './expiring-cache.ts';
import { type WorkspaceTrust, workspaceTrust } from './workspace-trust.ts';

/** The policy of one request: the core context plus what the runtime needs around it. */
export interface ResolvedPolicy {
  /** Equal for equal policies, for caches derived from it. */
  key: string;
  context: PolicyContext;
  workspaceId: string;
  /** Whose personal skills the registry holds (the user, or the user an agent acts for). */
  userId: string | undefined;
  /** The agent involved: the principal itself or the one a user named. */
  agent: StoredAgent | undefined;
  /** The agent's catalog budget, else the default. */
  catalogBudget: number;
  /** The skills the agent is built around: always first in its catalog. */
  pinnedSkills: readonly string[];
  /** Skills the agent keeps at an exact revision (lower-case name → version). */
  revisionPins: Readonly<Record<string, number>>;
  /** How the principal appears in logs and usage events. */
  principal: { kind: 'user' | 'agent'; id: string };
  /**
   * The names of the workspace's secrets bound to each skill (lower-case name), when the server
   * can read secret values: they satisfy the skill's `requires.env`.
   */
  secretEnv: ReadonlyMap<string, readonly string[]>;
  /** The workspace's trusted and revoked signers, which skills' signatures are checked against. */
  trust: WorkspaceTrust;
}

/** The names of a workspace's readable secrets, by the (lower-case) skills they are bound to. */
async function loadSecretEnv(store: Store, workspaceId: string) {
  const bound = new Map<string, string[]>();
  if (!store.secrets.configured) return bound;
  for (const secret of await store.secrets.listBound(workspaceId)) {
    for (const skill of secret.skills) bound.set(skill, [...(bound.get(skill) ?? []), secret.name]);
  }
  return bound;
}

/** Options for {@link createPolicyResolver}. */
export interface PolicyResolverOptions {
  store: Store;
  environment: PolicyEnvironment;
  /** How long a resolved policy is reused at most, in milliseconds (the runtime also clears it on every access change of the feed). */
  ttlMs?: number;
}

/** Resolves (and briefly caches) the policy context of a principal, optionally through a named agent. */
export interface PolicyResolver {
  resolve(principal: RequestPrincipal, agent?: string): Promise<ResolvedPolicy>;
  /** Forgets the cached policies an access change concerns. */
  forget(change: AccessChange): void;
  /** Forgets every cached policy. */
  clear(): void;
}

function agentNotFound(reference: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'not_found',
    message: `No agent ${JSON.stringify(reference)} in this workspace; pass an agent's id or name.`,
    details: { agent: reference },
  });
}

/** Creates the resolver that turns workspace settings, agent settings and permission rules into a core policy context. */
export function createPolicyResolver(options: PolicyResolverOptions): PolicyResolver {
  const { store, environment } = options;
  const cache = createExpiringCache<ResolvedPolicy>(options.ttlMs ?? 1000);

  const findAgent = async (workspaceId: string, reference: string) =>
    (await store.agents.get(workspaceId, reference)) ??
    (await store.agents.getByName(workspaceId, reference));

  const load = async (principal: RequestPrincipal, reference?: string) => {
    const { workspaceId } = principal;
    let agent: StoredAgent | undefined;
    if (principal.kind === 'agent') {
      agent = await store.agents.get(workspaceId, principal.agentId);
      if (agent === undefined) throw agentNotFound(principal.agentId);
      if (
        reference !== undefined &&
        reference !== agent.id &&
        reference.toLowerCase() !== agent.name.toLowerCase()
      ) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'forbidden',
          message: `An agent token acts only as its own agent (${agent.name}); leave out "agent" or pass its own id or name.`,
        });
      }
    } else if (reference !== undefined) {
      agent = await findAgent(workspaceId, reference);
      if (agent === undefined) throw agentNotFound(reference);
    }
    const workspace = await store.workspaces.get(workspaceId);
    if (workspace === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'not_found',
        message: 'Workspace not found.',
      });
    }
    const stored = await store.permissions.policyRules({
      workspaceId,
      ...(agent === undefined ? {} : { agentId: agent.id }),
    });
    // Explanations name the agent a rule is for, not its id.
    const rules = stored.map((rule) =>
      agent !== undefined && rule.principal === agent.id
        ? { ...rule, principalName: agent.name }
        : rule,
    );
    const secretEnv = await loadSecretEnv(store, workspaceId);
    const settings = agent?.settings;
    const trust = workspaceTrust(workspace.settings);
    const context = createRequestPolicyContext({
      principal,
      workspace,
      ...(agent === undefined ? {} : { agent }),
      rules,
      environment,
    });
    const userId =
      principal.kind === 'user'
        ? principal.userId
        : settings?.includePersonal === true
          ? (agent?.actsForUserId ?? undefined)
          : undefined;
    const resolved: ResolvedPolicy = {
      key: JSON.stringify([
        context.principal,
        context.workspace,
        context.agent,
        context.rules,
        context.contentRisks,
        context.requireSigned,
        trust.key,
        userId,
        settings?.catalogBudget ?? workspace.settings.catalogBudget,
        settings?.skills,
        settings?.revisionPins,
        [...secretEnv],
      ]),
      context,
      workspaceId,
      userId,
      agent,
      catalogBudget:
        settings?.catalogBudget ?? workspace.settings.catalogBudget ?? DEFAULT_CATALOG_BUDGET,
      pinnedSkills: settings?.skills ?? [],
      revisionPins: settings?.revisionPins ?? {},
      principal:
        principal.kind === 'user'
          ? { kind: 'user', id: principal.userId }
          : { kind: 'agent', id: principal.agentId },
      secretEnv,
      trust,
    };
    return resolved;
  };

  return {
    resolve(principal, reference) {
      const id = principal.kind === 'user' ? principal.userId : principal.agentId;
      const key = `${principal.workspaceId}|${principal.kind}:${id}|${reference ?? ''}`;
      return cache.get(key, () => load(principal, reference));
    },
    forget: (change) => cache.deleteWhere((key) => policyConcerned(change, key)),
    clear: () => cache.clear(),
  };
}
