import type { SkillEntry, SkillRegistry } from '@skillset/core';
import { verifyEntrySignature } from '@skillset/core/lean';
import type { LocalPolicy } from './open-local-policy.ts';
import { plural } from './output/plural.ts';
import type { Terminal } from './output/terminal.ts';

/**
 * Under `requireSigned`, the entries signed by a trusted signer, with one line on stderr naming
 * the skills left out; every entry, checking nothing, when the policy does not require signatures.
 */
export async function keepSignedEntries(
  terminal: Terminal,
  registry: SkillRegistry,
  policy: LocalPolicy,
  entries: SkillEntry[],
): Promise<SkillEntry[]> {
  if (policy.context.requireSigned !== true) return entries;
  const kept: SkillEntry[] = [];
  const leftOut: string[] = [];
  for (const entry of entries) {
    const status = await verifyEntrySignature(registry, entry, policy.trust);
    if (status.state === 'signed') kept.push(entry);
    else leftOut.push(entry.name);
  }
  if (leftOut.length > 0) {
    terminal.stderr.write(
      `skillset: ${plural(leftOut.length, 'skill')} left out because the policy requires signed skills (requireSigned): ${leftOut.join(', ')}; run skillset doctor to see why.\n`,
    );
  }
  return kept;
}
