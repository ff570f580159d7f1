import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import { isAgentName } from '../agents/agent-table.ts';
import { answerHook, type HookAnswer } from './answer-hook.ts';
import { createHookRanker } from './create-hook-ranker.ts';

/** The request format between `bin/hook-client.js` and the server; both say it in every request. */
export const HOOK_PROTOCOL = 1;

/** The largest request accepted, in bytes (the client refuses larger hook input first). */
export const HOOK_REQUEST_LIMIT = 16 * 1024 * 1024;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Options for {@link serveHook}. */
export interface ServeHookOptions {
  /** The socket path (in a folder only this user can enter). */
  socket: string;
  /** Exit after this long without a request. */
  idleMs: number;
  /** Called once the socket accepts connections, or at once when another server already serves it. */
  onReady: () => void;
  log: (line: string) => void;
}

interface HookRequest {
  protocol: number;
  agent: string;
  input: string;
  cwd: string;
  env: Record<string, string>;
}

function isHookRequest(value: unknown): value is HookRequest {
  const request = value as HookRequest | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.agent === 'string' &&
    typeof request.input === 'string' &&
    typeof request.cwd === 'string' &&
    typeof request.env === 'object' &&
    request.env !== null
  );
}

/** Whether a server already answers on the socket. */
function isServed(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The resident hook server (decision 0143): answers `bin/hook-client.js` on a Unix socket with
 * {@link answerHook} over one ranker that keeps every project's registry (watching its folders)
 * and index warm, and exits after `idleMs` without a request. Resolves when it has exited.
 */
export async function serveHook(options: ServeHookOptions): Promise<void> {
  const ranker = createHookRanker({ watch: true });
  let idle: NodeJS.Timeout | undefined;
  let stopped = false;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const answer = async (line: string): Promise<HookAnswer> => {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      return { stdout: '', stderr: 'skillset hook: the hook server got a malformed request.\n' };
    }
    if (!isHookRequest(request) || request.protocol !== HOOK_PROTOCOL) {
      return {
        stdout: '',
        stderr: 'skillset hook: the hook server got a request it does not understand.\n',
      };
    }
    if (!isAgentName(request.agent)) {
      return {
        stdout: '',
        stderr: `skillset hook: unknown agent '${request.agent}'; no skills suggested.\n`,
      };
    }
    return answerHook(ranker, { ...request, agent: request.agent });
  };

  const server = net.createServer({ allowHalfOpen: true }, (connection) => {
    resetIdle();
    let buffer = '';
    connection.setEncoding('utf8');
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > HOOK_REQUEST_LIMIT) {
        connection.destroy();
        return;
      }
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      connection.removeAllListeners('data');
      void answer(buffer.slice(0, end)).then((reply) => {
        connection.end(`${JSON.stringify(reply)}\n`);
        resetIdle();
      });
    });
  });

  const onSignal = () => void stop();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const signal of SIGNALS) process.off(signal, onSignal);
    clearTimeout(idle);
    server.close();
    rmSync(options.socket, { force: true });
    await ranker.close();
    finish();
  };
  function resetIdle() {
    clearTimeout(idle);
    idle = setTimeout(() => void stop(), options.idleMs);
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.socket, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await isServed(options.socket)) {
      options.log('another hook server answers on this socket; exiting');
      options.onReady();
      await ranker.close();
      return;
    }
    rmSync(options.socket, { force: true });
    await listen();
  }
  chmodSync(options.socket, 0o600);
  server.on('error', (error) => options.log(`hook server: ${error.message}`));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void stop());
  options.log(`hook server ${process.pid} listening on ${options.socket}`);
  resetIdle();
  options.onReady();
  await finished;
}
