import type { Terminal } from '../output/terminal.ts';

/** The server a command talks to and the token it sends. */
export interface ServerAccess {
  /** The server's base URL as given. */
  server: string;
  token: string;
}

/** Options for {@link resolveServerAccess}: `--server` and `--token`, when given. */
export interface ResolveServerAccessOptions {
  server?: string | undefined;
  token?: string | undefined;
}

/**
 * The server and token of `--server`/`--token`, else `SKILLSET_SERVER`/`SKILLSET_TOKEN`; a string
 * is the message for a missing or malformed one.
 */
export function resolveServerAccess(
  terminal: Terminal,
  options: ResolveServerAccessOptions,
): ServerAccess | string {
  const server = options.server ?? terminal.env.SKILLSET_SERVER;
  const token = options.token ?? terminal.env.SKILLSET_TOKEN;
  if (server === undefined || !/^https?:\/\/[^/]/.test(server)) {
    return `${server === undefined ? 'no server given' : `'${server}' is not an http(s) URL`}; pass --server https://skills.example.com (or set SKILLSET_SERVER).`;
  }
  if (token === undefined || token.trim() === '') {
    return "no token given; create one in the web UI's settings (it shows the whole command) and pass it with --token or SKILLSET_TOKEN.";
  }
  return { server, token: token.trim() };
}
