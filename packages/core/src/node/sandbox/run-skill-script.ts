import { mkdir, realpath } from 'node:fs/promises';
import { constants } from 'node:os';
import { isAbsolute } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import type { SkillScriptOutput } from '../../tools/skill-script-runner.ts';
import { buildBwrapArguments } from './bwrap-arguments.ts';
import { requireSandbox } from './check-sandbox.ts';
import { chooseInterpreter, findSystemProgram, SANDBOX_PATH } from './choose-interpreter.ts';
import { lendScratchFolder } from './lend-scratch-folder.ts';
import { listScratchFiles } from './list-scratch-files.ts';
import { pickLentUid } from './pick-lent-uid.ts';
import { resolveSkillScript } from './resolve-skill-script.ts';
import type { SandboxErrorCode } from './sandbox-error-code.ts';
import { resolveSandboxLimits, type SandboxLimits } from './sandbox-limits.ts';
import { spawnCaptured } from './spawn-captured.ts';
import { buildUserNamespaceFilter } from './user-namespace-filter.ts';

/** One run of a skill's script. */
export interface SkillScriptRun {
  /** The skill's folder on disk (absolute); mounted read-only at /skill. */
  skillDir: string;
  /** The script's path relative to the skill folder, e.g. `scripts/convert.py`. */
  script: string;
  args?: readonly string[];
  stdin?: string;
  /** Absolute; created if missing; mounted read-write at /scratch, the working directory. */
  scratchDir: string;
  /** The only variables from outside (the skill's secrets); the runner adds PATH, HOME and LANG. */
  env?: Readonly<Record<string, string>>;
  /** Share the host's network (default false: the script has none). */
  network?: boolean;
  limits?: Partial<SandboxLimits>;
  /** Runs without bubblewrap; only the CLI's loudly named option sets it. */
  unsandboxed?: boolean;
  signal?: AbortSignal;
  /** The bubblewrap program; default `SKILLSET_BWRAP`, else `bwrap` on the PATH. */
  bwrap?: string;
}

/** What a script run did: the tools' {@link SkillScriptOutput}. */
export type SkillScriptResult = SkillScriptOutput;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RUNNER_ENV = new Set(['PATH', 'HOME', 'LANG']);

function invalid(message: string, details: Record<string, unknown> = {}) {
  return new SkillsetError<SandboxErrorCode>({ code: 'invalid_script_run', message, details });
}

function checkRun(run: SkillScriptRun): void {
  if (!isAbsolute(run.skillDir)) {
    throw invalid(
      `The skill folder must be an absolute path, not ${JSON.stringify(run.skillDir)}.`,
    );
  }
  if (!isAbsolute(run.scratchDir)) {
    throw invalid(
      `The scratch folder must be an absolute path, not ${JSON.stringify(run.scratchDir)}.`,
    );
  }
  for (const [name, value] of Object.entries(run.env ?? {})) {
    if (!ENV_NAME.test(name) || RUNNER_ENV.has(name)) {
      throw invalid(
        `Cannot pass the environment variable ${JSON.stringify(name)} to a script: use letters, digits and _ (not starting with a digit), and not PATH, HOME or LANG, which the runner sets.`,
        { name },
      );
    }
    if (value.includes('\0')) {
      throw invalid(
        `The value of ${name} contains a NUL character, which no environment can hold.`,
        {
          name,
        },
      );
    }
  }
  for (const arg of run.args ?? []) {
    if (arg.includes('\0')) throw invalid('A script argument contains a NUL character.');
  }
}

/** The environment a script sees: the run's variables, a fixed PATH, HOME at the scratch folder. */
function scriptEnv(run: SkillScriptRun, home: string): Record<string, string> {
  return { ...run.env, PATH: SANDBOX_PATH, HOME: home, LANG: 'C.UTF-8' };
}

/** `prlimit` in front of the command: CPU seconds (SIGXCPU, then SIGKILL a second later), data memory, processes, no core files. */
function limitedCommand(
  prlimit: string | undefined,
  limits: SandboxLimits,
  command: readonly string[],
  processes: boolean,
): string[] {
  if (prlimit === undefined) return [...command];
  return [
    prlimit,
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--data=${limits.memoryBytes}`,
    ...(processes ? [`--nproc=${limits.processes}`] : []),
    '--core=0',
    '--',
    ...command,
  ];
}

/** The seccomp program against nested user namespaces; the sandbox check refuses CPUs without one. */
function userNamespaceFilter(): Buffer {
  const filter = buildUserNamespaceFilter();
  if (filter === undefined) throw new Error(`no system-call filter for ${process.arch}`);
  return filter;
}

function signalName(number: number): string | null {
  const entry = Object.entries(constants.signals).find(([, value]) => value === number);
  return entry?.[0] ?? null;
}

/** A note added to stderr saying which limit stopped the script, when one did. */
function limitNote(limits: SandboxLimits, timedOut: boolean, signal: string | null): string {
  if (timedOut) return `\n[skillset: stopped at the time limit of ${limits.wallMs} ms]\n`;
  if (signal === 'SIGXCPU') {
    return `\n[skillset: stopped at the CPU limit of ${limits.cpuSeconds} s]\n`;
  }
  return '';
}

/**
 * Runs a file of a skill in a bubblewrap sandbox (or, with `unsandboxed`, without one) and
 * returns its exit status, capped output and the files in its scratch folder. The output is
 * returned as printed: mask the run's secrets with `maskSecrets` before a model sees it.
 * Refusals throw a `SkillsetError` (`sandbox_unavailable`, `script_not_found`,
 * `script_outside_skill`, `script_not_runnable`, `invalid_script_run`).
 */
export async function runSkillScript(run: SkillScriptRun): Promise<SkillScriptResult> {
  run.signal?.throwIfAborted();
  checkRun(run);
  const limits = resolveSandboxLimits(run.limits);
  const script = await resolveSkillScript(run.skillDir, run.script);
  const interpreter = await chooseInterpreter(script);
  await mkdir(run.scratchDir, { recursive: true });
  const scratchDir = await realpath(run.scratchDir);
  const args = run.args ?? [];

  if (run.unsandboxed === true) {
    const command = [...(interpreter === undefined ? [] : [interpreter]), script.path, ...args];
    const limited = limitedCommand(findSystemProgram('prlimit'), limits, command, false);
    const result = await spawnCaptured({
      command: limited[0] as string,
      args: limited.slice(1),
      env: scriptEnv(run, scratchDir),
      cwd: scratchDir,
      ...(run.stdin === undefined ? {} : { stdin: run.stdin }),
      wallMs: limits.wallMs,
      outputBytes: limits.outputBytes,
      ...(run.signal === undefined ? {} : { signal: run.signal }),
    });
    if (result.aborted) run.signal?.throwIfAborted();
    return {
      exitCode: result.exitCode,
      signal: result.signal,
      timedOut: result.timedOut,
      stdout: result.stdout,
      stderr: result.stderr + limitNote(limits, result.timedOut, result.signal),
      stdoutTruncated: result.stdoutTruncated,
      stderrTruncated: result.stderrTruncated,
      durationMs: result.durationMs,
      files: await listScratchFiles(scratchDir),
      sandbox: 'none',
    };
  }

  const tools = await requireSandbox(
    run.bwrap === undefined ? {} : { bwrap: run.bwrap },
    script.relativePath,
  );
  const dropTo =
    tools.setpriv === undefined ? undefined : { uid: pickLentUid(), setpriv: tools.setpriv };
  if (dropTo !== undefined && (script.mode & 0o004) === 0) {
    throw new SkillsetError<SandboxErrorCode>({
      code: 'script_not_runnable',
      message: `Cannot run ${script.relativePath}: only its owner may read it, and as root Skillset runs scripts as an unprivileged user; make it readable: chmod o+r ${script.path}`,
      details: { script: script.relativePath },
    });
  }
  const scriptInSandbox = `/skill/${script.relativePath}`;
  const command = [...(interpreter === undefined ? [] : [interpreter]), scriptInSandbox, ...args];
  const env = scriptEnv(run, '/scratch');
  const giveBack =
    dropTo === undefined ? undefined : await lendScratchFolder(scratchDir, dropTo.uid);
  try {
    const result = await spawnCaptured({
      command: tools.bwrap,
      args: buildBwrapArguments({
        network: run.network === true,
        tmpBytes: limits.memoryBytes,
        skillDir: script.skillDir,
        scratchDir,
        argumentsFd: 3,
        seccompFd: 4,
        ...(dropTo === undefined ? {} : { dropTo }),
        command: limitedCommand(tools.prlimit, limits, command, true),
      }),
      // The variables go through a pipe, so no other user can read them in bwrap's command line.
      inputs: [
        Buffer.from(
          Object.entries(env)
            .flatMap(([name, value]) => ['--setenv', name, value])
            .map((part) => `${part}\0`)
            .join(''),
        ),
        userNamespaceFilter(),
      ],
      env: {},
      cwd: scratchDir,
      ...(run.stdin === undefined ? {} : { stdin: run.stdin }),
      wallMs: limits.wallMs,
      outputBytes: limits.outputBytes,
      ...(run.signal === undefined ? {} : { signal: run.signal }),
    });
    if (result.aborted) run.signal?.throwIfAborted();
    // bwrap reports a script killed by signal N as exit code 128 + N, as a shell does.
    const signal =
      result.signal ??
      (result.exitCode !== null && result.exitCode > 128
        ? signalName(result.exitCode - 128)
        : null);
    return {
      exitCode: result.exitCode,
      signal,
      timedOut: result.timedOut,
      stdout: result.stdout,
      stderr: result.stderr + limitNote(limits, result.timedOut, signal),
      stdoutTruncated: result.stdoutTruncated,
      stderrTruncated: result.stderrTruncated,
      durationMs: result.durationMs,
      files: await listScratchFiles(scratchDir),
      sandbox: 'bubblewrap',
    };
  } finally {
    await giveBack?.();
  }
}
