import type { PolicyGate, SkillEntryPoint } from '@skillset/core';
import type { Terminal } from './output/terminal.ts';

/**
 * Writes an error for each skill the policy allows on `entryPoint` that is left out because it is
 * invalid; true when there is one (the command then exits 1).
 */
export async function reportLeftOut(
  terminal: Terminal,
  gate: PolicyGate,
  entryPoint: SkillEntryPoint,
  leftOutOf: string,
): Promise<boolean> {
  const entries = await gate.list(entryPoint, { includeInvalid: true });
  const invalid = entries.filter((entry) => !entry.valid);
  for (const entry of invalid) {
    terminal.stderr.write(
      `skillset: error: skill '${entry.name}' is left out of ${leftOutOf}: it has validation errors; run: skillset validate ${entry.path}\n`,
    );
  }
  return invalid.length > 0;
}
