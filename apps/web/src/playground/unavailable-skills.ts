import type { Schemas } from '../api/client.ts';

/** One row of the policy trace of `GET /api/chat/prompt`. */
export type TraceEntry = Schemas['ChatPrompt']['trace'][number];

/** A skill of the workspace that the principal may not invoke, with why. */
export interface UnavailableSkill {
  name: string;
  reason: string;
}

const INVOCATION = /\s*[/$]([\p{L}\p{M}\p{N}._:/-]+)(?=\s|$)/uy;

/** Whether the trace hides the skill for a reason of its own (a policy step, or errors). */
function isRefused(entry: TraceEntry): boolean {
  if (entry.steps !== undefined) return entry.steps.some((step) => step.outcome === 'block');
  // Allowed skills carry no steps; those over the catalog budget say so.
  return !entry.listed && !entry.reason.startsWith('Left out:');
}

/**
 * The skills of the trace that are not among the commands the principal may invoke: the policy's
 * reason when it hides the skill, else that it is not offered as a command.
 */
export function listUnavailableSkills(
  trace: readonly TraceEntry[],
  commands: readonly { name: string }[],
): UnavailableSkill[] {
  const invocable = new Set(commands.map((command) => command.name.toLowerCase()));
  return trace
    .filter((entry) => !invocable.has(entry.skill.toLowerCase()))
    .map((entry) => ({
      name: entry.skill,
      reason: isRefused(entry) ? entry.reason : 'It is not offered as a / command.',
    }));
}

/** The unavailable skills that the leading `/name` or `$name` invocations of a message name. */
export function findUnavailableInvocations(
  text: string,
  unavailable: readonly UnavailableSkill[],
): UnavailableSkill[] {
  const byName = new Map(unavailable.map((skill) => [skill.name.toLowerCase(), skill]));
  const found: UnavailableSkill[] = [];
  INVOCATION.lastIndex = 0;
  for (let match = INVOCATION.exec(text); match !== null; match = INVOCATION.exec(text)) {
    const skill = byName.get((match[1] ?? '').toLowerCase());
    if (skill !== undefined && !found.includes(skill)) found.push(skill);
  }
  return found;
}

/** One sentence naming the skill, who may not use it, and why. */
export function describeUnavailable(skill: UnavailableSkill, principal: string): string {
  return `${skill.name} is not available to ${principal}. ${skill.reason}`;
}
