import { serveHook } from '../hook/serve-hook.ts';
import type { Terminal } from '../output/terminal.ts';

/** How long the hook server waits for the next prompt before it exits. */
export const HOOK_SERVER_IDLE_MS = 10 * 60 * 1000;

/**
 * `skillset hook-server --socket PATH` (started by `bin/hook-client.js`): serves the hook on the
 * socket, prints `ready` once it accepts connections, logs to stderr, and exits when idle.
 */
export async function runHookServer(
  terminal: Terminal,
  options: { socket: string; idleSeconds?: number },
): Promise<number> {
  await serveHook({
    socket: options.socket,
    idleMs: options.idleSeconds === undefined ? HOOK_SERVER_IDLE_MS : options.idleSeconds * 1000,
    onReady: () => terminal.stdout.write('ready\n'),
    log: (line) => terminal.stderr.write(`${new Date().toISOString()} ${line}\n`),
  });
  return 0;
}
