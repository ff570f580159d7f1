import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { runCli } from 'skillset';
import { skillsetBin } from './skillset-bin.ts';

/** What one `skillset` run printed and returned. */
export interface SkillsetRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Options for running `skillset`: the folder to run in and extra environment variables. */
export interface RunSkillsetOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Written to the child's stdin, which is then closed (at once when absent). */
  input?: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** Runs the CLI in this process (fast): the same command-line parsing and output as the binary. */
export async function runSkillset(
  args: string[],
  options: RunSkillsetOptions,
): Promise<SkillsetRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const readStdout = collect(stdout);
  const readStderr = collect(stderr);
  const exitCode = await runCli(args, {
    stdout,
    stderr,
    cwd: options.cwd,
    env: { NO_COLOR: '1', ...options.env },
  });
  return { exitCode, stdout: readStdout(), stderr: readStderr() };
}

/** Runs `skillset` as a child process, the way a user's shell does. */
export function spawnSkillset(args: string[], options: RunSkillsetOptions): Promise<SkillsetRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(skillsetBin, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
    // A command that exits without reading its input closes the pipe first: no failure of its own.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    child.stdin.end(options.input);
  });
}
