import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import type { SkillStore } from './skill-store.ts';
import type { SkillToolFailure } from './skill-tool.ts';
import { toolFailure } from './tool-result.ts';

/** What the management tools share: the registry, the policy gate and the writable store. */
export interface ManagementContext {
  registry: SkillRegistry;
  gate: PolicyGate;
  store: SkillStore;
  /** Makes the registry see a write; defaults to `registry.refresh()`. */
  afterWrite: () => Promise<void>;
}

/** The failure for a skill the registry knows but the writable store does not hold. */
export function notInStore(entry: SkillEntry, store: SkillStore): SkillToolFailure {
  return toolFailure(
    'skill_not_writable',
    `Skill ${JSON.stringify(entry.name)} comes from the ${entry.scope} scope (${entry.sourceId}), not from the writable store (${store.location}), so it cannot be changed here.`,
  );
}
