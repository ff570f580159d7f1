import type { SkillScriptRunRecord } from '@skillset/core';

/**
 * The one line `skillset chat` prints on stderr for each script run the model asked for: the
 * skill, the script and how it ended, never its arguments, output or secrets.
 */
export function describeScriptRun(record: SkillScriptRunRecord): string {
  const what = `${record.script} of skill ${record.skill}`;
  if (record.outcome !== 'ok') return `script ${what} did not run (${record.outcome})`;
  const end = record.timedOut
    ? 'stopped at the time limit'
    : record.exitCode === null || record.exitCode === undefined
      ? `stopped by ${record.signal ?? 'a signal'}`
      : `exit code ${record.exitCode}`;
  const sandbox = record.sandbox === 'none' ? ', WITHOUT a sandbox' : '';
  return `script ${what}: ${end} in ${record.durationMs ?? 0} ms${sandbox}`;
}
