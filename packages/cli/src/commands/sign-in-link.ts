import { dropSignInCode } from '@skillset/server';
import { createOwnerSignInCode } from '@skillset/store';
import { printLine, type Terminal } from '../output/terminal.ts';
import {
  findRunningPgliteServer,
  openServerStore,
  resolveCommandConfig,
  type ServerStoreFlags,
} from './open-server-store.ts';

/** Options for {@link runSignInLink}: the server's flags, and the URL people open it at. */
export interface SignInLinkCommandOptions extends ServerStoreFlags {
  url?: string;
}

function printLink(terminal: Terminal, base: string, code: string, expiresAt: Date) {
  const minutes = Math.round((expiresAt.getTime() - Date.now()) / 60_000);
  printLine(terminal, `Sign in: ${base.replace(/\/+$/, '')}/sign-in?code=${code}`);
  terminal.stderr.write(`One-time link for the owner; it expires in ${minutes} minutes.\n`);
}

/** `skillset sign-in-link`: prints a fresh one-time sign-in link for the instance owner. */
export async function runSignInLink(
  terminal: Terminal,
  options: SignInLinkCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    // The running server holds PGlite; it picks the code up from the data folder.
    const { code, expiresAt } = await dropSignInCode(config.dataDir);
    printLink(terminal, options.url ?? running.url, code, expiresAt);
    return 0;
  }
  const store = await openServerStore(config);
  try {
    const signIn = await createOwnerSignInCode(store);
    if (signIn === undefined) {
      throw new Error('this instance has no owner yet; start it once with `skillset serve`.');
    }
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    printLink(
      terminal,
      options.url ?? `http://${host}:${config.port}`,
      signIn.code,
      signIn.expiresAt,
    );
    return 0;
  } finally {
    await store.close();
  }
}
