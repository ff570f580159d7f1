import { resolveServerConfig, type ServerFlags, startServer } from '@skillset/server';
import { paint, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runServe}: the command-line flags. */
export type ServeCommandOptions = ServerFlags;

/** `skillset serve`: runs the skills server until SIGINT or SIGTERM. */
export async function runServe(terminal: Terminal, options: ServeCommandOptions): Promise<number> {
  const config = resolveServerConfig({ flags: options, env: terminal.env, cwd: terminal.cwd });
  const server = await startServer({ config });
  const where = config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  printLine(
    terminal,
    `Skillset is running at ${paint(terminal, 'stdout', 'bold', server.url)} (${where})`,
  );
  const minutes = Math.round((server.signInExpiresAt.getTime() - Date.now()) / 60_000);
  printLine(terminal, `Sign in:     ${server.signInUrl}`);
  printLine(
    terminal,
    `             (one-time link, expires in ${minutes} minutes; \`skillset sign-in-link\` prints a new one)`,
  );
  if (server.ownerToken !== undefined) {
    printLine(terminal, `Owner token: ${server.ownerToken}  (shown once; keep it)`);
    printLine(
      terminal,
      `Try:         curl -H "Authorization: Bearer ${server.ownerToken}" ${server.url}/api/skills`,
    );
  } else {
    printLine(
      terminal,
      'Tokens:      POST /api/tokens, or `skillset token create --name NAME` (on PGlite, with the server stopped)',
    );
  }
  printLine(terminal, 'Press Ctrl+C to stop.');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
