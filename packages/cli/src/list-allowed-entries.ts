import type { PolicyGate, SkillEntry, SkillEntryPoint } from '@skillset/core';
import type { Terminal } from './output/terminal.ts';

/** Options for {@link listAllowedEntries}. */
export interface ListAllowedEntriesOptions {
  gate: PolicyGate;
  entryPoint: SkillEntryPoint;
  /** What invalid skills are left out of, for the message ("the catalog"). */
  leftOutOf: string;
}

/**
 * The valid entries the policy allows on `entryPoint`, with an error written for each allowed skill
 * left out because it is invalid; `failed` is true when there is one (the command then exits 1).
 */
export async function listAllowedEntries(
  terminal: Terminal,
  options: ListAllowedEntriesOptions,
): Promise<{ entries: SkillEntry[]; failed: boolean }> {
  const allowed = await options.gate.list(options.entryPoint, { includeInvalid: true });
  const invalid = allowed.filter((entry) => !entry.valid);
  for (const entry of invalid) {
    terminal.stderr.write(
      `skillset: error: skill '${entry.name}' is left out of ${options.leftOutOf}: it has validation errors; run: skillset validate ${entry.path}\n`,
    );
  }
  return { entries: allowed.filter((entry) => entry.valid), failed: invalid.length > 0 };
}
