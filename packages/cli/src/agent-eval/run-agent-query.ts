import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AgentEvalDriver } from './agent-eval-drivers.ts';

/** Options for {@link runAgentQuery}. */
export interface RunAgentQueryOptions {
  driver: AgentEvalDriver;
  /** The agent's executable. */
  bin: string;
  /** Who it is, for messages (`Claude Code`). */
  label: string;
  query: string;
  project: string;
  scratch: string;
  /** The user's environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** How long one query may run before the agent is stopped and the eval fails. */
  timeoutSeconds: number;
  signal?: AbortSignal;
}

/** The last lines of a process's error output, for a message. */
function tail(text: string): string {
  const lines = text.trim().split('\n').slice(-5).join('\n').trim();
  return lines === '' ? '' : `:\n${lines}`;
}

/**
 * Runs the agent headless on one query and returns the first skill it activates (as its driver
 * reads the agent's JSON output), stopping the agent there; undefined when it finished without
 * activating one. An agent that exits with an error (no model configured, refused key) or runs
 * past `timeoutSeconds` (a model it cannot reach) throws, naming the agent and its last error lines.
 */
export function runAgentQuery(options: RunAgentQueryOptions): Promise<string | undefined> {
  const { driver } = options;
  const env = { ...options.env, ...driver.env, NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    const child = spawn(options.bin, driver.args(options.query, options.scratch), {
      cwd: options.project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let activated: string | undefined;
    let stderr = '';
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {}
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutSeconds * 1000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (activated !== undefined || !line.startsWith('{')) return;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        return;
      }
      activated = driver.activation(event);
      if (activated !== undefined) stop();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      reject(new Error(`${options.label} (${options.bin}) could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      if (activated !== undefined) resolve(activated);
      else if (options.signal?.aborted) reject(new Error('the eval was stopped'));
      else if (timedOut)
        reject(
          new Error(
            `${options.label} (${path.basename(options.bin)}) did not finish "${options.query}" within ${options.timeoutSeconds} s; check the model it is configured with, or raise --agent-timeout${tail(stderr)}`,
          ),
        );
      else if (code === 0) resolve(undefined);
      else
        reject(
          new Error(
            `${options.label} (${path.basename(options.bin)}) exited with ${code ?? signal} before activating a skill${tail(stderr)}`,
          ),
        );
    });
  });
}
