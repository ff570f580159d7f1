import {
  createManifest,
  decide,
  type PolicyDecision,
  type PolicySubject,
  type SkillEntry,
  type SkillEntryPoint,
} from '@skillset/core';
import type { ResolvedPolicy } from './policy-resolver.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/**
 * The policy subject of a registry entry: its manifest, scope, enabled switch and owner from the
 * store, and the content-risk codes once scanned (see {@link scanWhenBlocked}).
 */
export function policySubject(skills: WorkspaceSkills, entry: SkillEntry): PolicySubject {
  const stored = skills.storedSkill(entry);
  const subject: PolicySubject = {
    manifest:
      entry.manifest ?? createManifest({ name: entry.name, description: entry.description }),
    scope: entry.scope,
    enabled: stored?.enabled ?? true,
  };
  if (stored?.ownerUserId != null) subject.ownerId = stored.ownerUserId;
  const risks = skills.contentRisksOf(entry);
  if (risks !== undefined) subject.contentRisks = [...risks];
  return subject;
}

/** Scans the entries for content risks when the policy blocks them, so {@link decideEntry} stays synchronous. */
export async function scanWhenBlocked(
  skills: WorkspaceSkills,
  policy: ResolvedPolicy,
  entries: readonly SkillEntry[],
): Promise<void> {
  if (policy.context.contentRisks === 'block') await skills.scanContentRisks(entries);
}

/**
 * Decides with core's `decide` whether the request's principal may reach a registry entry through
 * an entry point; when the policy blocks content risks, call {@link scanWhenBlocked} first (an
 * entry not scanned is refused).
 */
export function decideEntry(
  skills: WorkspaceSkills,
  policy: ResolvedPolicy,
  entry: SkillEntry,
  entryPoint: SkillEntryPoint,
): PolicyDecision {
  return decide(policySubject(skills, entry), policy.context, entryPoint);
}

/** The valid entries (winners only) the principal may reach through an entry point, by name; cached per registry version and policy. */
export function listAllowedEntries(
  skills: WorkspaceSkills,
  policy: ResolvedPolicy,
  entryPoint: SkillEntryPoint,
): Promise<SkillEntry[]> {
  return skills.derived(`${policy.key}|allowed|${entryPoint}`, async () => {
    const entries = (await skills.registry.list()).filter((entry) => entry.valid);
    await scanWhenBlocked(skills, policy, entries);
    return entries.filter((entry) => decideEntry(skills, policy, entry, entryPoint).allowed);
  });
}
