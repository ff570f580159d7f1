import {
  createManifest,
  decide,
  type PolicyContext,
  type PolicyDecision,
  type SkillEntry,
  type SkillEntryPoint,
  type SkillRegistry,
} from '@skillset/core';

/** Options for {@link decideSkill}. */
export interface DecideSkillOptions {
  entry: SkillEntry;
  policy: PolicyContext;
  entryPoint: SkillEntryPoint;
}

/** Core's policy decision for one registry entry on one entry point. */
export function decideSkill(options: DecideSkillOptions): PolicyDecision {
  const { entry, policy, entryPoint } = options;
  const manifest =
    entry.manifest ?? createManifest({ name: entry.name, description: entry.description });
  return decide({ manifest, scope: entry.scope }, policy, entryPoint);
}

/** Options for {@link listAllowedSkills} and {@link findAllowedSkill}. */
export interface AllowedSkillsOptions {
  registry: SkillRegistry;
  policy: PolicyContext;
  entryPoint: SkillEntryPoint;
}

/** The valid skills the principal may reach through an entry point, sorted by name. */
export async function listAllowedSkills(options: AllowedSkillsOptions): Promise<SkillEntry[]> {
  const { registry, policy, entryPoint } = options;
  const entries = await registry.list();
  return entries.filter(
    (entry) => entry.valid && decideSkill({ entry, policy, entryPoint }).allowed,
  );
}

/** The skill a name means when the principal may reach it through an entry point; else `undefined`, as for an unknown name. */
export async function findAllowedSkill(
  options: AllowedSkillsOptions & { name: string },
): Promise<{ entry: SkillEntry; decision: PolicyDecision } | undefined> {
  const { registry, policy, entryPoint, name } = options;
  const entry = await registry.resolve(name);
  if (entry === undefined) return undefined;
  const decision = decideSkill({ entry, policy, entryPoint });
  return decision.allowed ? { entry, decision } : undefined;
}
