import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import type { SkillEntry } from '../../registry/skill-entry.ts';
import { skillOutcomeOf } from '../../telemetry/skill-outcome-of.ts';
import { withSkillSpan } from '../../telemetry/with-skill-span.ts';
import type { SkillScriptOutput, SkillScriptRunner } from '../../tools/skill-script-runner.ts';
import { runSkillScript } from '../sandbox/run-skill-script.ts';
import type { SandboxLimits } from '../sandbox/sandbox-limits.ts';
import { readScratchFile } from './read-scratch-file.ts';
import type { SkillScriptErrorCode } from './skill-script-error-code.ts';

/** Options for {@link createSkillScriptRunner}. */
export interface SkillScriptRunnerOptions {
  /**
   * The folder of a skill on this machine; default its registry path, for skills from folders.
   * The server materialises stored skills (see `createSkillFolderCache`).
   */
  skillDirOf?: (skill: SkillEntry) => string | Promise<string>;
  /** Where the session's scratch folder is made; default the system's temporary folder. */
  scratchRoot?: string;
  /**
   * Which scratch folder a skill's runs share: default its name; a host may give each revision
   * its own, so a new revision never reads what an earlier one (and its secrets) wrote.
   */
  scratchKeyOf?: (skill: SkillEntry) => string;
  limits?: Partial<SandboxLimits>;
  /** The bubblewrap program; default `SKILLSET_BWRAP`, else `bwrap` on the PATH. */
  bwrap?: string;
}

/** A session's {@link SkillScriptRunner}: dispose it when the session ends, and its scratch goes. */
export interface SessionSkillScriptRunner extends SkillScriptRunner, AsyncDisposable {
  /** The scratch folder of a skill (by its scratch key, default its name) once one of its scripts ran. */
  scratchDirOf(skill: string): string | undefined;
  /** Removes the session's scratch folders; later runs make a new one. */
  dispose(): Promise<void>;
}

function unavailable(skill: SkillEntry): SkillsetError<SkillScriptErrorCode> {
  return new SkillsetError<SkillScriptErrorCode>({
    code: 'skill_folder_unavailable',
    message: `Skill ${JSON.stringify(skill.name)} has no folder on this machine, so its scripts cannot run here.`,
    details: { skill: skill.name },
  });
}

function defaultSkillDir(skill: SkillEntry): string {
  if (skill.origin !== undefined || !isAbsolute(skill.path) || !existsSync(skill.path)) {
    throw unavailable(skill);
  }
  return skill.path;
}

/** A run's outcome for telemetry: ok on exit code 0, else why it failed. */
function scriptRunOutcome(output: SkillScriptOutput) {
  if (output.timedOut) return skillOutcomeOf('script_timed_out');
  return skillOutcomeOf(output.exitCode === 0 ? 'ok' : 'script_failed');
}

/** A skill's scratch folder name: its lower-case name, escaped, never `.` or `..`. */
function scratchName(skill: string): string {
  return `skill-${encodeURIComponent(skill.toLowerCase())}`;
}

/**
 * Creates the script runner of one session, on the bubblewrap sandbox (never without it): each
 * skill gets its own scratch folder, made on its first run and kept until `dispose`, so files
 * persist between calls and no skill sees another's files (nor the secrets they may hold). Runs
 * and reads are done one at a time.
 */
export function createSkillScriptRunner(
  options: SkillScriptRunnerOptions = {},
): SessionSkillScriptRunner {
  const skillDirOf = options.skillDirOf ?? defaultSkillDir;
  const scratchKeyOf = options.scratchKeyOf ?? ((skill: SkillEntry) => skill.name);
  let sessionDir: Promise<string> | undefined;
  const scratchDirs = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <Value>(work: () => Promise<Value>): Promise<Value> => {
    const result = queue.then(work, work);
    queue = result.catch(() => {});
    return result;
  };
  const scratchFor = async (skill: string): Promise<string> => {
    if (sessionDir === undefined) {
      const root = options.scratchRoot ?? tmpdir();
      const made = mkdir(root, { recursive: true }).then(() =>
        mkdtemp(join(root, 'skillset-scratch-')),
      );
      sessionDir = made;
      made.catch(() => {
        if (sessionDir === made) sessionDir = undefined;
      });
    }
    const folder = join(await sessionDir, scratchName(skill));
    await mkdir(folder, { recursive: true });
    scratchDirs.set(skill.toLowerCase(), folder);
    return folder;
  };

  const dispose = async () => {
    const pending = sessionDir;
    sessionDir = undefined;
    scratchDirs.clear();
    if (pending !== undefined) {
      await queue;
      await rm(await pending, { recursive: true, force: true });
    }
  };

  return {
    run: (request) =>
      oneAtATime(() =>
        withSkillSpan(
          {
            name: 'skillset.script_run',
            attributes: { skill: request.skill.name, surface: 'run' },
            outcomeOf: scriptRunOutcome,
          },
          async () => {
            const skillDir = await skillDirOf(request.skill);
            const scratchDir = await scratchFor(scratchKeyOf(request.skill));
            return runSkillScript({
              skillDir,
              script: request.script,
              args: request.args,
              scratchDir,
              env: request.env,
              network: request.network,
              ...(request.stdin === undefined ? {} : { stdin: request.stdin }),
              ...(options.limits === undefined ? {} : { limits: options.limits }),
              ...(options.bwrap === undefined ? {} : { bwrap: options.bwrap }),
              ...(request.signal === undefined ? {} : { signal: request.signal }),
            });
          },
        ),
      ),
    readScratchFile: (skill, path, maxBytes) =>
      oneAtATime(async () => {
        const folder = scratchDirs.get(scratchKeyOf(skill).toLowerCase());
        if (folder === undefined) {
          throw new SkillsetError<SkillScriptErrorCode>({
            code: 'scratch_file_not_found',
            message: `No script of skill ${JSON.stringify(skill.name)} has run in this conversation yet, so its scratch folder is empty.`,
            details: { skill: skill.name },
          });
        }
        return readScratchFile(folder, path, maxBytes);
      }),
    scratchDirOf: (skill) => scratchDirs.get(skill.toLowerCase()),
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}
