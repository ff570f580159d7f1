import { dropSignInCode, findUserByEmail } from '@skillset/server';
import { createOwnerSignInCode, type Store } from '@skillset/store';
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
  /** Sign in the account of this address (the one that proved it) instead of the owner. */
  email?: string;
}

function printLink(
  terminal: Terminal,
  base: string,
  signIn: { code: string; expiresAt: Date; who: string },
) {
  const minutes = Math.round((signIn.expiresAt.getTime() - Date.now()) / 60_000);
  printLine(terminal, `Sign in: ${base.replace(/\/+$/, '')}/sign-in?code=${signIn.code}`);
  terminal.stderr.write(`One-time link for ${signIn.who}; it expires in ${minutes} minutes.\n`);
}

async function createSignInCode(store: Store, email: string | undefined) {
  if (email === undefined) {
    const signIn = await createOwnerSignInCode(store);
    if (signIn === undefined) {
      throw new Error('this instance has no owner yet; start it once with `skillset serve`.');
    }
    return { ...signIn, who: 'the owner' };
  }
  const user = await findUserByEmail(store, email);
  const { code, expiresAt } = await store.signInCodes.create({ userId: user.id });
  return { code, expiresAt, who: `${user.name} <${email}>` };
}

/** `skillset sign-in-link`: prints a fresh one-time sign-in link for the owner or a member. */
export async function runSignInLink(
  terminal: Terminal,
  options: SignInLinkCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    // The running server holds PGlite; it picks the code up from the data folder.
    const { code, expiresAt } = await dropSignInCode(
      config.dataDir,
      options.email === undefined ? {} : { email: options.email },
    );
    const who = options.email === undefined ? 'the owner' : `the account of ${options.email}`;
    printLink(terminal, options.url ?? running.url, { code, expiresAt, who });
    return 0;
  }
  const store = await openServerStore(config);
  try {
    const signIn = await createSignInCode(store, options.email);
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    printLink(terminal, options.url ?? `http://${host}:${config.port}`, signIn);
    return 0;
  } finally {
    await store.close();
  }
}
