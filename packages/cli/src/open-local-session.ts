import type { PolicyGate, SkillRegistry } from '@skillset/core';
import { createPolicyGate } from '@skillset/core/lean';
import { type LocalPolicy, openLocalPolicy } from './open-local-policy.ts';
import { type OpenLocalRegistryOptions, openLocalRegistry } from './open-local-registry.ts';
import type { Terminal } from './output/terminal.ts';

/** The local user's policy, the loaded local registry and the policy gate over both. */
export interface LocalSession {
  policy: LocalPolicy;
  registry: SkillRegistry;
  /** The gate deciding uses of the registry's skills under the policy. */
  gate: PolicyGate;
  /** Closes the registry. */
  close(): Promise<void>;
}

/**
 * Opens the local policy, then the registry of the standard locations, built-ins and `dirs`, as a
 * one-shot command uses them; the caller closes the session.
 */
export async function openLocalSession(
  terminal: Terminal,
  dirs: readonly string[],
  options: OpenLocalRegistryOptions = {},
): Promise<LocalSession> {
  const policy = await openLocalPolicy(terminal);
  const registry = await openLocalRegistry(terminal, dirs, options);
  return {
    policy,
    registry,
    gate: createPolicyGate({ registry, policy: policy.context, trust: policy.trust }),
    close: () => registry.close(),
  };
}
