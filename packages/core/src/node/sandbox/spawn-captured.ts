import { spawn } from 'node:child_process';
import { createCappedOutput } from './capped-output.ts';

/** Options for {@link spawnCaptured}. */
export interface SpawnCapturedOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
  stdin?: string;
  /** Written to file descriptors 3, 4, … of the child, each then closed. */
  inputs?: readonly Buffer[];
  wallMs: number;
  outputBytes: number;
  signal?: AbortSignal;
}

/** How a captured process ended and what it printed. */
export interface SpawnCapturedResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs a command in a process group of its own, capturing stdout and stderr up to a limit each
 * (past it, output is drained and dropped). At `wallMs`, or when `signal` aborts, the whole
 * group is killed with SIGKILL; when the command exits, whatever it left in its group is too.
 */
export function spawnCaptured(options: SpawnCapturedOptions): Promise<SpawnCapturedResult> {
  const started = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', ...(options.inputs ?? []).map(() => 'pipe' as const)],
  });
  const stdout = createCappedOutput(options.outputBytes);
  const stderr = createCappedOutput(options.outputBytes);
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  // A script that exits without reading its input closes the pipe; that is not an error here.
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.stdin ?? '');
  (options.inputs ?? []).forEach((bytes, index) => {
    const pipe = child.stdio[3 + index];
    if (pipe === undefined || pipe === null || !('end' in pipe)) return;
    pipe.on('error', () => {});
    pipe.end(bytes);
  });
  let timedOut = false;
  let aborted = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.wallMs);
  const onAbort = () => {
    aborted = true;
    killGroup(child.pid);
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  child.on('exit', () => killGroup(child.pid));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode: code,
        signal,
        timedOut,
        aborted,
        stdout: stdout.text('stdout'),
        stderr: stderr.text('stderr'),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        durationMs: Math.round(performance.now() - started),
      });
    });
  });
}
