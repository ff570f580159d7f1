import type { SkillEntry } from '../registry/skill-entry.ts';

/** One run the `run_skill_script` tool asks of its host. */
export interface SkillScriptRequest {
  /** The active skill whose script runs; the host finds (or materialises) its folder. */
  skill: SkillEntry;
  /** The script's path relative to the skill folder, e.g. `scripts/convert.py`. */
  script: string;
  args: readonly string[];
  stdin?: string;
  /** The skill's own secrets: the only variables the script gets from outside. */
  env: Readonly<Record<string, string>>;
  /** The skill declares `requires.network: true` and the host allows it. */
  network: boolean;
  signal?: AbortSignal;
}

/** What a run did, as the sandbox reports it (output not yet masked). */
export interface SkillScriptOutput {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** The sandbox stopped capturing the stream at its output limit. */
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
  /** The files in the skill's scratch folder after the run, relative paths. */
  files: Array<{ path: string; size: number }>;
  sandbox: 'bubblewrap' | 'none';
}

/** The beginning of a scratch file, read by the host. */
export interface ScratchFileRead {
  /** At most the `maxBytes` asked for. */
  bytes: Uint8Array;
  /** The whole file's size in bytes. */
  size: number;
}

/**
 * Runs skill scripts for one conversation: in a sandbox, with a scratch folder per skill that
 * persists between calls. Refusals (no sandbox, no such script, …) throw a `SkillsetError`.
 */
export interface SkillScriptRunner {
  run(request: SkillScriptRequest): Promise<SkillScriptOutput>;
  /**
   * Reads a file a script of `skill` wrote, by path relative to its scratch folder; refuses paths
   * that leave it (symlinks too) with a `SkillsetError`.
   */
  readScratchFile(skill: SkillEntry, path: string, maxBytes: number): Promise<ScratchFileRead>;
}

/** A secret bound to a skill that a run does not get, and why (never its value). */
export interface WithheldSkillSecret {
  name: string;
  /** One or two sentences for the model, the person and the audit log. */
  reason: string;
}

/** The secrets of a skill for one run of its scripts. */
export interface SkillSecrets {
  /** The values the script gets, by variable name (empty: none). */
  values: Readonly<Record<string, string>>;
  /** Secrets bound to the skill that this run does not get, with why. */
  withheld?: readonly WithheldSkillSecret[];
}

/** The secrets a skill's scripts get now; the host decides (binding, approval, scope). */
export type SecretsForFunction = (skill: SkillEntry) => SkillSecrets | Promise<SkillSecrets>;

/** One attempted run, for the host's audit log: never the output, the arguments or secrets. */
export interface SkillScriptRunRecord {
  skill: string;
  script: string;
  /** `ok` when the script ran (whatever its exit code), else why it did not (an error code). */
  outcome: string;
  exitCode?: number | null;
  signal?: string | null;
  timedOut?: boolean;
  durationMs?: number;
  /** The variable names (not values) of the secrets the run received. */
  secrets?: string[];
  /** The secrets bound to the skill that the run did not get, and why. */
  withheld?: WithheldSkillSecret[];
  network?: boolean;
  sandbox?: 'bubblewrap' | 'none';
}
