import { parseSkill } from '@skillset/core';
import type { StoredSkill, StoredSkillScope } from '@skillset/store';
import { loggableError } from '../../http/loggable-error.ts';
import { storedSkillSignature } from '../../runtime/stored-skill-signature.ts';
import { loadWorkspaceTrust } from '../../runtime/workspace-trust.ts';
import { skillNotFound } from './find-skill.ts';
import { presentSkillSignature } from './present-skill-signature.ts';
import { findShadowing } from './shadowing-of.ts';
import { skillAbilitiesOf } from './skill-abilities.ts';
import type { SkillCaller } from './skill-caller.ts';
import { skillEligibility } from './skill-eligibility.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';

const SKILL_FILE = 'SKILL.md';

/** A skill as listed by `GET /api/skills`. */
export interface SkillSummary {
  name: string;
  description: string;
  scope: StoredSkillScope;
  source: string;
  enabled: boolean;
  version: number;
  tags: string[];
  category: string | null;
  eligible: boolean;
  userInvocable: boolean;
  modelInvocable: boolean;
  integration: string | null;
  shadowedBy?: StoredSkillScope;
}

/** Summarises a stored skill; `shadowedBy` is the winning scope when another skill of the name wins. */
export function presentSkillSummary(
  skill: StoredSkill,
  dependencies: Pick<SkillRouteDependencies, 'environment'>,
  shadowedBy?: StoredSkillScope,
): SkillSummary {
  return {
    name: skill.name,
    description: skill.description,
    scope: skill.scope,
    source: skill.source,
    enabled: skill.enabled,
    version: skill.currentVersion,
    tags: skill.tags,
    category: skill.category,
    eligible: skillEligibility(skill.manifest, dependencies.environment).eligible,
    userInvocable: skill.manifest.userInvocable,
    modelInvocable: !skill.manifest.disableModelInvocation,
    integration: skill.manifest.integration ?? null,
    ...(shadowedBy === undefined ? {} : { shadowedBy }),
  };
}

/** The current version's signature against the caller's workspace's trusted signers. */
async function signatureOf(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skill: StoredSkill,
) {
  const { store, runtime } = dependencies;
  try {
    const trust = await loadWorkspaceTrust(store, caller.principal.workspaceId);
    const status = await storedSkillSignature({ store, access: caller.access, skill, trust });
    return presentSkillSignature(status);
  } catch (error) {
    runtime.logger.warn({ err: loggableError(error), skill: skill.name }, 'signature check failed');
    return {
      state: 'invalid' as const,
      reason: 'The signature could not be checked (its files could not be read); try again.',
    };
  }
}

/**
 * Builds the detail of a skill: content, files, eligibility, shadowing, referencing agents,
 * warnings, and its signature checked against the workspace's trusted signers.
 */
export async function presentSkillDetail(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skill: StoredSkill,
) {
  const { store, environment } = dependencies;
  const access = { ...caller.access, id: skill.id, version: skill.currentVersion };
  const [version, shadowing, agents, signature, pending, can] = await Promise.all([
    store.skills.getVersion(access),
    findShadowing(store, caller, skill),
    store.skills.referencingAgents(access),
    signatureOf(dependencies, caller, skill),
    // Agents are served the published revision only; they never hear of proposals.
    caller.principal.kind === 'user'
      ? store.skills.listInReview({ ...caller.access, skillId: skill.id })
      : [],
    skillAbilitiesOf(store, caller, skill),
  ]);
  if (version === undefined) throw skillNotFound(skill.name, skill.scope);
  const parsed = parseSkill(version.skillMd);
  const { shadowedBy } = shadowing;
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    scope: skill.scope,
    source: skill.source,
    enabled: skill.enabled,
    version: skill.currentVersion,
    hash: skill.hash,
    tags: skill.tags,
    category: skill.category,
    manifest: version.manifest as unknown as Record<string, unknown>,
    content: version.skillMd,
    body: parsed.body,
    files: version.files
      .filter((file) => file.path !== SKILL_FILE)
      .map(({ path, size, mime, hash }) => ({ path, size, mime, hash })),
    eligibility: skillEligibility(skill.manifest, environment),
    shadows: shadowing.shadows.map((other) => ({
      scope: other.scope,
      version: other.currentVersion,
      enabled: other.enabled,
    })),
    ...(shadowedBy === undefined ? {} : { shadowedBy }),
    // Agents of other workspaces also reference builtin and public skills; never show them.
    agents: (agents ?? [])
      .filter((agent) => agent.workspaceId === caller.principal.workspaceId)
      .map(({ id, name }) => ({ id, name })),
    issues: parsed.issues,
    signature,
    can,
    pendingProposals: pending.map((revision) => ({
      version: revision.version,
      hash: revision.hash,
      createdBy: revision.createdBy,
      createdAt: revision.createdAt.toISOString(),
    })),
    createdAt: skill.createdAt.toISOString(),
    updatedAt: skill.updatedAt.toISOString(),
  };
}
