import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';

/** Options for {@link openCodexAppServer}. */
export interface CodexAppServerOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `-c key=value` overrides for this session only (never written to config.toml). */
  overrides?: string[];
  /** How long one request may take before the session is abandoned, in milliseconds. */
  timeoutMs?: number;
}

/** A JSON-RPC session with `codex app-server` over stdio. */
export interface CodexAppServer {
  request<T>(method: string, params: unknown): Promise<T>;
  close(): void;
}

/** Why a session with Codex's app server failed; `details.missing` when codex is not on PATH. */
function appServerError(message: string, missing = false): SkillsetError<CliErrorCode> {
  return new SkillsetError<CliErrorCode>({
    code: 'agent_command_failed',
    message,
    details: { missing },
  });
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Starts `codex app-server` (the JSON-RPC API Codex's own UIs use, documented in its app-server
 * protocol) and performs the `initialize` handshake; requests reject on an error answer, on the
 * process ending, or after `timeoutMs`.
 */
export async function openCodexAppServer(options: CodexAppServerOptions): Promise<CodexAppServer> {
  const args = [...(options.overrides ?? []).flatMap((value) => ['-c', value]), 'app-server'];
  const env = Object.fromEntries(
    Object.entries(options.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const child = spawn('codex', args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let ended: SkillsetError<CliErrorCode> | undefined;
  const fail = (error: SkillsetError<CliErrorCode>) => {
    ended ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.on('error', (error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'ENOENT'
        ? appServerError('codex is not on PATH', true)
        : appServerError(`codex app-server could not start (${error.message})`),
    ),
  );
  child.on('close', (code) => fail(appServerError(`codex app-server exited (${code})`)));
  child.stdin.on('error', () => undefined);
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    let message: { id?: number; result?: unknown; error?: { message?: string } };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (waiter === undefined || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error !== undefined) {
      waiter.reject(appServerError(`codex app-server: ${message.error.message ?? 'error'}`));
    } else waiter.resolve(message.result);
  });

  let next = 0;
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const request = <T>(method: string, params: unknown): Promise<T> => {
    if (ended !== undefined) return Promise.reject(ended);
    const id = ++next;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(appServerError(`codex app-server did not answer ${method} in time`));
      }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      send({ id, method, params });
    });
  };
  const close = () => {
    child.stdin.end();
    child.kill();
  };
  try {
    await request('initialize', {
      clientInfo: { name: 'skillset', title: 'Skillset', version: '1' },
      capabilities: null,
    });
    send({ method: 'initialized' });
  } catch (error) {
    close();
    throw error;
  }
  return { request, close };
}
