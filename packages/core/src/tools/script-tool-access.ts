import type { ActivationSession } from '../invoke/activation-session.ts';
import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { PolicyDecision } from '../policy/decide.ts';
import type { SkillEntryPoint } from '../policy/policy-surface.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import type { SkillToolFailure } from './skill-tool.ts';
import { toolFailure } from './tool-result.ts';

/** Why a script tool refused before anything ran. */
export type ScriptAccessFailureCode = 'skill_not_active' | 'run_denied';

/** The active skill a script tool may act for, with the `run` decision. */
export type ScriptAccess =
  | { ok: true; entry: SkillEntry; decision: PolicyDecision }
  | { ok: false; failure: SkillToolFailure<ScriptAccessFailureCode> };

/**
 * Resolves `name` to a skill active in the session and decides `run` for it: a skill that is not
 * active (or unknown, or not this principal's) is refused alike; a refused run says why.
 */
export async function findScriptAccess(
  options: { registry: SkillRegistry; gate: PolicyGate; session: ActivationSession },
  name: string,
  entryPoint: SkillEntryPoint,
): Promise<ScriptAccess> {
  const { registry, gate, session } = options;
  const entry = await registry.resolve(name);
  if (entry === undefined || !session.isActive(entry.name)) {
    const active = session.activeSkills();
    const which =
      active.length === 0 ? 'No skill is active yet' : `Active skills: ${active.join(', ')}`;
    return {
      ok: false,
      failure: toolFailure(
        'skill_not_active',
        `Skill ${JSON.stringify(name)} is not active in this conversation, so its scripts cannot run: load it with use_skill first. ${which}.`,
      ),
    };
  }
  const decision = await gate.decide(entry, entryPoint);
  if (!decision.allowed) {
    const refusal = decision.reasons.at(-1);
    const why =
      refusal?.step === 'permission'
        ? `a permission rule denies it (${refusal.message.replace(/\.$/, '')})`
        : (refusal?.message.replace(/\.$/, '') ?? 'the policy refuses it');
    return {
      ok: false,
      failure: toolFailure(
        'run_denied',
        `Running the scripts of skill ${JSON.stringify(entry.name)} is not allowed here: ${why}. Do not retry; tell the user.`,
      ),
    };
  }
  return { ok: true, entry, decision };
}
