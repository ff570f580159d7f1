import { parseSkill, scopeRank } from '@skillset/core';
import type { Store, StoredSkill, StoredSkillScope } from '@skillset/store';
import { skillNotFound } from './find-skill.ts';
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

/** The scope of the visible skill that shadows `skill`, if one does. */
export async function findShadowingScope(
  store: Store,
  caller: SkillCaller,
  skill: StoredSkill,
): Promise<StoredSkillScope | undefined> {
  const resolved = await store.skills.resolve({ ...caller.access, name: skill.name });
  if (resolved === undefined || resolved.skill.id === skill.id) return undefined;
  return scopeRank(resolved.skill.scope) > scopeRank(skill.scope)
    ? resolved.skill.scope
    : undefined;
}

/** Builds the detail of a skill: content, files, eligibility, shadowing, referencing agents, warnings. */
export async function presentSkillDetail(
  dependencies: SkillRouteDependencies,
  caller: SkillCaller,
  skill: StoredSkill,
) {
  const { store, environment } = dependencies;
  const access = { ...caller.access, id: skill.id };
  const [version, resolved, agents] = await Promise.all([
    store.skills.getVersion(access),
    store.skills.resolve({ ...caller.access, name: skill.name }),
    store.skills.referencingAgents(access),
  ]);
  if (version === undefined) throw skillNotFound(skill.name, skill.scope);
  const parsed = parseSkill(version.skillMd);
  const candidates = resolved === undefined ? [] : [resolved.skill, ...resolved.shadows];
  const rank = scopeRank(skill.scope);
  const winner = resolved?.skill;
  const shadowedBy =
    winner !== undefined && winner.id !== skill.id && scopeRank(winner.scope) > rank
      ? winner.scope
      : undefined;
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
    shadows: candidates
      .filter((other) => other.id !== skill.id && scopeRank(other.scope) < rank)
      .map((other) => ({
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
    createdAt: skill.createdAt.toISOString(),
    updatedAt: skill.updatedAt.toISOString(),
  };
}
