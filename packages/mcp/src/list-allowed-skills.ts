import type {
  PolicyContext,
  PolicyDecision,
  SkillEntry,
  SkillEntryPoint,
  SkillRegistry,
} from '@skillset/core';
import { createPolicyGate } from '@skillset/core/serving';

/** Options for {@link listAllowedSkills} and {@link findAllowedSkill}. */
export interface AllowedSkillsOptions {
  registry: SkillRegistry;
  policy: PolicyContext;
  entryPoint: SkillEntryPoint;
}

/** The valid skills the principal may reach through an entry point, sorted by name. */
export function listAllowedSkills(options: AllowedSkillsOptions): Promise<SkillEntry[]> {
  const { registry, policy, entryPoint } = options;
  return createPolicyGate({ registry, policy }).list(entryPoint);
}

/** The skill a name means when the principal may reach it through an entry point; else `undefined`, as for an unknown name. */
export async function findAllowedSkill(
  options: AllowedSkillsOptions & { name: string },
): Promise<{ entry: SkillEntry; decision: PolicyDecision } | undefined> {
  const { registry, policy, entryPoint, name } = options;
  const entry = await registry.resolve(name);
  if (entry === undefined) return undefined;
  const decision = await createPolicyGate({ registry, policy }).decide(entry, entryPoint);
  return decision.allowed ? { entry, decision } : undefined;
}
