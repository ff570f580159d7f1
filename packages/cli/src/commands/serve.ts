import { SkillsetError } from '@skillset/core';
import {
  createLogger,
  type RunningServer,
  resolveServerConfig,
  type ServerConfig,
  type ServerFlags,
  startServer,
} from '@skillset/server';
import { paint, type Terminal } from '../output/terminal.ts';

/** Options for {@link runServe}: the command-line flags. */
export type ServeCommandOptions = ServerFlags;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The one line that says the port is taken and which flag and variable pick another. */
function portInUseLine(config: ServerConfig): string {
  const other = config.port === 65_535 ? config.port - 1 : config.port + 1;
  return `skillset serve: port ${config.port} on ${config.host} is in use (another skillset?). Stop it, or start on another port with --port ${other} (or PORT=${other}).\n`;
}

/** `skillset serve`: runs the skills server until SIGINT or SIGTERM. */
export async function runServe(terminal: Terminal, options: ServeCommandOptions): Promise<number> {
  const config = resolveServerConfig({ flags: options, env: terminal.env, cwd: terminal.cwd });
  const format = config.logFormat ?? (terminal.stdout.isTTY === true ? 'text' : 'json');
  const logger = createLogger({ destination: terminal.stdout, format });
  let server: RunningServer;
  try {
    server = await startServer({ config, logger });
  } catch (error) {
    logger.flush();
    if (!SkillsetError.isInstance(error) || error.code !== 'port_in_use') throw error;
    terminal.stderr.write(portInUseLine(config));
    return 1;
  }
  // The log lines for stdout are written once per event-loop turn: these go out before the
  // lines below, and every one before the process exits.
  logger.flush();
  // Stdout carries only JSON when the logs are JSON, so these lines for a person go to stderr.
  const stream = format === 'json' ? 'stderr' : 'stdout';
  const say = (line: string) => terminal[stream].write(`${line}\n`);
  const where = config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  say(`Skillset is running at ${paint(terminal, stream, 'bold', server.url)} (${where})`);
  const minutes = Math.round((server.signInExpiresAt.getTime() - Date.now()) / 60_000);
  say(`Sign in:     ${server.signInUrl}`);
  say(
    `             (one-time link, expires in ${minutes} minutes; \`skillset sign-in-link\` prints a new one)`,
  );
  if (server.ownerToken !== undefined) {
    say(`Owner token: ${server.ownerToken}  (shown once; keep it)`);
    say(
      `Try:         curl -H "Authorization: Bearer ${server.ownerToken}" ${server.url}/api/skills`,
    );
  } else {
    say(
      'Tokens:      POST /api/tokens, or `skillset token create --name NAME` (on PGlite, with the server stopped)',
    );
  }
  // Ctrl+C reaches npm and every process of the terminal's group, and npm passes it on too: the
  // server gets it more than once, so the handlers stay until it has closed. They are in place
  // before the line inviting Ctrl+C is printed.
  let stop = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    stop = resolve;
  });
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  say('Press Ctrl+C to stop.');
  try {
    await stopRequested;
    await server.close();
  } finally {
    logger.flush();
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  }
  return 0;
}
