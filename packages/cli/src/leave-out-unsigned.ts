import type { PolicyGate, PolicyReason, SkillEntry } from '@skillset/core';
import { plural } from './output/plural.ts';
import type { Terminal } from './output/terminal.ts';

/** The gate's refusal of `entry` for its signature under `requireSigned`, if that is why it refuses. */
export async function signatureRefusal(
  gate: PolicyGate,
  entry: SkillEntry,
): Promise<PolicyReason | undefined> {
  if (gate.policy.requireSigned !== true) return undefined;
  const decision = await gate.decide(entry, 'catalog');
  const last = decision.reasons.at(-1);
  return !decision.allowed && last?.step === 'signature' ? last : undefined;
}

/**
 * The entries the gate does not refuse for their signature, with one line on stderr naming the
 * skills left out. `list` shows skills the policy denies for other reasons, as found; an unsigned
 * one under `requireSigned` is not one the team gave out.
 */
export async function leaveOutUnsigned(
  terminal: Terminal,
  gate: PolicyGate,
  entries: SkillEntry[],
): Promise<SkillEntry[]> {
  if (gate.policy.requireSigned !== true) return entries;
  const kept: SkillEntry[] = [];
  const leftOut: string[] = [];
  for (const entry of entries) {
    if ((await signatureRefusal(gate, entry)) === undefined) kept.push(entry);
    else leftOut.push(entry.name);
  }
  if (leftOut.length > 0) {
    terminal.stderr.write(
      `skillset: ${plural(leftOut.length, 'skill')} left out because the policy requires signed skills (requireSigned): ${leftOut.join(', ')}; run skillset doctor to see why.\n`,
    );
  }
  return kept;
}
