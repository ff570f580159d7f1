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

/** The values of the secrets bound to a skill, by variable name (empty: none). */
export type SecretsForFunction = (
  skill: SkillEntry,
) => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;

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
  network?: boolean;
  sandbox?: 'bubblewrap' | 'none';
}
