import { checkSkillName, type SkillEntryPoint } from '@skillset/core';
import type { RuntimeScope } from './skill-runtime.ts';
import type { SkillUse } from './usage-recorder.ts';

/** The skill and outcome a usage row records of one attempt. */
export type SkillAttempt = Pick<SkillUse, 'skill' | 'skillId' | 'version' | 'outcome'>;

/** Options for {@link resolveSkillAttempt}. */
export interface ResolveSkillAttemptOptions {
  scope: Pick<RuntimeScope, 'skills' | 'gate'>;
  /** The name the caller asked for. */
  name: string;
  entryPoint: SkillEntryPoint;
  /** `ok`, or the error code the caller was given. */
  outcome: string;
}

// The codes a model gets for a name it may not use: the same for an unknown and a denied skill.
const REFUSED_NAME_CODES: ReadonlySet<string> = new Set(['invalid_input', 'unknown_skill']);

/**
 * What usage records of an attempt by name: the skill's own name, id and version, and an outcome
 * that tells a name no skill has (`unknown_skill`) from a skill the policy refused
 * (`permission_denied`), which the caller was not told apart. Undefined for a name that is not a
 * valid skill name, so usage never keeps arbitrary text.
 */
export async function resolveSkillAttempt(
  options: ResolveSkillAttemptOptions,
): Promise<SkillAttempt | undefined> {
  const { scope, name, entryPoint, outcome } = options;
  const entry = await scope.skills.registry.resolve(name);
  if (entry === undefined) {
    if (checkSkillName(name).length > 0) return undefined;
    return { skill: name, outcome: outcome === 'ok' ? outcome : 'unknown_skill' };
  }
  const stored = scope.skills.storedSkill(entry);
  const refused =
    REFUSED_NAME_CODES.has(outcome) && !(await scope.gate.decide(entry, entryPoint)).allowed;
  return {
    skill: entry.name,
    ...(stored === undefined ? {} : { skillId: stored.id, version: stored.currentVersion }),
    outcome: refused ? 'permission_denied' : outcome,
  };
}
