import {
  type ActivationSession,
  createActivationSession,
  type PolicyEnvironment,
  type PolicyGate,
} from '@skillset/core';
import { createNodePolicyEnvironment } from '@skillset/core/node';
import type { SkillChange, Store } from '@skillset/store';
import type { Logger } from 'pino';
import type { RequestPrincipal } from '../app/app-env.ts';
import { type ConnectionLimits, defaultConnectionLimits } from '../config/connection-limits.ts';
import { loggableError } from '../http/loggable-error.ts';
import type { McpSourcePolicy } from '../outbound/mcp-source-policy.ts';
import { type CachedAuthStore, createCachedAuthStore } from './create-cached-auth-store.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import {
  createPolicyResolver,
  type PolicyResolver,
  type ResolvedPolicy,
} from './policy-resolver.ts';
import { createRegistryPool } from './registry-pool.ts';
import { createSkillEpochCatchUp } from './skill-epoch-catch-up.ts';
import { createSkillTextCache } from './skill-text-cache.ts';
import { createUsageRecorder, type UsageRecorder } from './usage-recorder.ts';
import { workspaceGate } from './workspace-gate.ts';
import {
  createWorkspaceSkills,
  type WorkspaceSkills,
  workspaceSkillsKey,
} from './workspace-skills.ts';

/** What one request works with: its policy and its workspace's registry. */
export interface RuntimeScope {
  policy: ResolvedPolicy;
  skills: WorkspaceSkills;
  /** The one way this principal reaches the workspace's skills (see {@link workspaceGate}). */
  gate: PolicyGate;
}

/** Options for {@link createSkillRuntime}. */
export interface SkillRuntimeOptions {
  store: Store;
  logger: Logger;
  /** Eligibility environment; default: this Node process's. */
  environment?: PolicyEnvironment;
  /**
   * How long policies and authenticated tokens are reused at most, in milliseconds (default
   * 1,000). Access changes on the store's change feed drop them at once, on every instance; the
   * time limit only bounds staleness should the feed itself fail.
   */
  cacheTtlMs?: number;
  /** How long usage events are gathered before they are written (default 250 ms). */
  usageFlushDelayMs?: number;
  /**
   * Estimated bytes the workspace registries may hold together; past it the least recently used
   * are dropped and load again on their next request (default {@link DEFAULT_REGISTRY_BUDGET_BYTES}).
   */
  registryBudgetBytes?: number;
  /** Which MCP servers workspaces may name as skill sources; default none. */
  mcpSourcePolicy?: McpSourcePolicy;
  /** MCP sessions per principal and their idle time; default {@link defaultConnectionLimits}. */
  connectionLimits?: Pick<ConnectionLimits, 'maxMcpSessionsPerPrincipal' | 'mcpSessionIdleMs'>;
}

/** A revision of a workspace skill a person tries in place of the published one. */
export interface TryRevision {
  skill: string;
  version: number;
}

/** The server's skill runtime: cached registries per workspace, policies, usage, `/mcp`, and shutdown. */
export interface SkillRuntime {
  readonly store: Store;
  readonly logger: Logger;
  readonly usage: UsageRecorder;
  /** The store with token checks and workspace lookups cached, for the hot runtime routes. */
  readonly authStore: CachedAuthStore;
  readonly policies: PolicyResolver;
  /** Aborted when the runtime closes (event streams end then). */
  readonly signal: AbortSignal;
  /** The registry of a workspace, with one user's personal skills when `userId` is given. */
  skillsFor(
    workspaceId: string,
    userId?: string,
    revisionPins?: Readonly<Record<string, number>>,
    includeProposals?: boolean,
  ): Promise<WorkspaceSkills>;
  /** The policy and registry of a request, through a named agent when `agent` is given. */
  /** The principal's policy and skills; `tryRevision` puts a proposed revision in place of the published one. */
  open(
    principal: RequestPrincipal,
    agent?: string,
    tryRevision?: TryRevision,
  ): Promise<RuntimeScope>;
  /** The activation session of a conversation (kept in memory, least recently used dropped). */
  session(scope: RuntimeScope, sessionId: string): ActivationSession;
  /** Drops every cached policy and token. */
  forgetPolicies(): void;
  /** How many registries this instance holds and their estimated bytes. */
  registryUsage(): { bytes: number; registries: number };
  /** Drops cached policies and tokens and reloads the workspace's registries. */
  reload(workspaceId: string): Promise<void>;
  /**
   * Resolves once every change committed before the call has reached this instance's registries
   * (their reloads done): after a write, the next request reads it, on PostgreSQL too.
   */
  settle(): Promise<void>;
  /**
   * Subscribes to the skill changes a principal may see, and to resyncs: `onResync` is called
   * after the change feed reconnected and the registries reloaded (changes made meanwhile may never
   * arrive, so watchers should reload). Returns a function that removes both.
   */
  watch(
    principal: RequestPrincipal,
    listener: (change: SkillChange) => void,
    onResync?: () => void,
  ): () => void;
  /** Answers a request to `/mcp` for an authenticated principal. */
  handleMcp(request: Request, principal: RequestPrincipal): Promise<Response>;
  /** Ends event streams, closes MCP sessions, writes pending usage and stops listening. */
  close(): Promise<void>;
}

const MAXIMUM_SESSIONS = 10_000;
/** The default registry budget: 256 MiB (decision 0151 measures what a workspace costs). */
export const DEFAULT_REGISTRY_BUDGET_BYTES = 256 * 1024 * 1024;

/** Whether a change concerns a registry of `workspaceId` holding `userId`'s personal skills. */
function concerns(change: SkillChange, workspaceId: string, userId: string | undefined): boolean {
  if (change.workspaceId === null) return true;
  if (change.workspaceId !== workspaceId) return false;
  return change.scope !== 'personal' || change.ownerUserId === userId;
}

/** The user whose personal skills a principal may see. */
function personalOwner(principal: RequestPrincipal): string | undefined {
  return principal.kind === 'user' ? principal.userId : principal.actsForUserId;
}

/** Creates the skill runtime over a store; registries load on first use and follow `store.changes`. */
export function createSkillRuntime(options: SkillRuntimeOptions): SkillRuntime {
  const { store, logger } = options;
  const ttlMs = options.cacheTtlMs ?? 1000;
  const texts = createSkillTextCache();
  const sessions = new Map<string, ActivationSession>();
  const controller = new AbortController();
  const policies = createPolicyResolver({
    store,
    environment: options.environment ?? createNodePolicyEnvironment(),
    ttlMs,
  });
  const authStore = createCachedAuthStore(store, ttlMs, () => policies.clear());
  const usage = createUsageRecorder({
    store,
    logger,
    ...(options.usageFlushDelayMs === undefined ? {} : { flushDelayMs: options.usageFlushDelayMs }),
  });

  // Set below: a dropped registry's MCP handler is closed with it.
  let forgetMcpHandler: (key: string) => Promise<void> = async () => {};
  const registries = createRegistryPool({
    budgetBytes: options.registryBudgetBytes ?? DEFAULT_REGISTRY_BUDGET_BYTES,
    onDrop(key, skills) {
      void forgetMcpHandler(key);
      void skills.then((loaded) => loaded.close()).catch(() => {});
    },
  });

  const skillsFor = (
    workspaceId: string,
    userId?: string,
    revisionPins: Readonly<Record<string, number>> = {},
    includeProposals = false,
  ) =>
    registries.get(workspaceSkillsKey(workspaceId, userId, revisionPins, includeProposals), () =>
      createWorkspaceSkills({
        store,
        workspaceId,
        ...(userId === undefined ? {} : { userId }),
        texts,
        logger,
        revisionPins,
        includeProposals,
        ...(options.mcpSourcePolicy === undefined
          ? {}
          : { mcpSourcePolicy: options.mcpSourcePolicy }),
      }),
    );

  const refreshWhere = (matches: (skills: WorkspaceSkills) => boolean) => {
    const refreshes: Promise<void>[] = [];
    for (const pending of registries.values()) {
      refreshes.push(
        pending.then((skills) => (matches(skills) ? skills.refresh() : undefined)).catch(() => {}),
      );
    }
    return Promise.all(refreshes).then(() => {});
  };

  const unsubscribeChanges = store.changes.subscribe((change) => {
    void refreshWhere((skills) => concerns(change, skills.workspaceId, skills.userId));
  });
  // Revocations, roles, memberships, rules, agent and workspace settings: from any instance.
  const unsubscribeAccess = store.changes.onAccessChange((change) => {
    policies.forget(change);
    authStore.forget(change);
    // A workspace's settings name its MCP skill servers: rebuild its registries on the next request.
    const { workspaceId } = change;
    if (change.kind === 'workspace' && workspaceId !== null) {
      registries.drop((key) => key.startsWith(`${workspaceId}|`));
    }
  });
  const resyncListeners = new Set<() => void>();
  const unsubscribeReconnect = store.changes.onReconnect(() => {
    policies.clear();
    authStore.clear();
    void refreshWhere(() => true).then(() => {
      logger.info({ watchers: resyncListeners.size }, 'change feed reconnected; resyncing');
      for (const listener of [...resyncListeners]) {
        try {
          listener();
        } catch (error) {
          logger.error({ err: loggableError(error) }, 'a resync listener threw');
        }
      }
    });
  });

  const settle = async () => {
    await store.changes.settle();
    // The feed's listeners started the reloads the changes call for; wait for them to end.
    await Promise.all(
      registries
        .values()
        .map((skills) => skills.then((loaded) => loaded.settled()).catch(() => {})),
    );
  };
  const catchUp = createSkillEpochCatchUp(store, settle);

  const open = async (
    principal: RequestPrincipal,
    agent?: string,
    tryRevision?: TryRevision,
  ): Promise<RuntimeScope> => {
    // Another instance's write acknowledged before this request is read here too.
    await catchUp();
    const policy = await policies.resolve(principal, agent);
    // Only a person tries a proposal; an agent is served what is published (or what it pinned).
    const trying = tryRevision !== undefined && principal.kind === 'user';
    const pins = trying
      ? { ...policy.revisionPins, [tryRevision.skill.toLowerCase()]: tryRevision.version }
      : policy.revisionPins;
    const skills = await skillsFor(policy.workspaceId, policy.userId, pins, trying);
    return { policy, skills, gate: workspaceGate(skills, policy) };
  };

  const limits = options.connectionLimits ?? defaultConnectionLimits();
  const mcp = createMcpEndpoint({
    open: (principal) => open(principal),
    record: usage.record,
    logger,
    maxSessionsPerPrincipal: limits.maxMcpSessionsPerPrincipal,
    sessionIdleMs: limits.mcpSessionIdleMs,
  });
  forgetMcpHandler = (key) => mcp.forget(key);
  let closed: Promise<void> | undefined;

  return {
    store,
    logger,
    usage,
    authStore,
    policies,
    signal: controller.signal,
    skillsFor,
    open,
    session(scope, sessionId) {
      const key = `${scope.policy.principal.kind}:${scope.policy.principal.id}|${sessionId}`;
      let session = sessions.get(key);
      if (session === undefined) {
        session = createActivationSession({ id: sessionId });
        if (sessions.size >= MAXIMUM_SESSIONS) {
          const oldest = sessions.keys().next().value;
          if (oldest !== undefined) sessions.delete(oldest);
        }
      } else {
        sessions.delete(key);
      }
      sessions.set(key, session);
      return session;
    },
    forgetPolicies() {
      policies.clear();
      authStore.clear();
    },
    registryUsage: () => registries.usage(),
    reload(workspaceId) {
      policies.clear();
      authStore.clear();
      return refreshWhere((skills) => skills.workspaceId === workspaceId);
    },
    settle,
    watch(principal, listener, onResync) {
      const userId = personalOwner(principal);
      const unsubscribe = store.changes.subscribe((change) => {
        if (concerns(change, principal.workspaceId, userId)) listener(change);
      });
      if (onResync === undefined) return unsubscribe;
      const resync = () => onResync();
      resyncListeners.add(resync);
      return () => {
        unsubscribe();
        resyncListeners.delete(resync);
      };
    },
    handleMcp: (request, principal) => mcp.handle(request, principal),
    close() {
      closed ??= (async () => {
        controller.abort();
        unsubscribeChanges();
        unsubscribeAccess();
        unsubscribeReconnect();
        await mcp.close();
        await usage.close();
        const open = await Promise.allSettled(registries.clear());
        await Promise.all(
          open.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
        );
      })();
      return closed;
    },
  };
}
