import {
  type RunningServerInfo,
  readRunningServer,
  resolveServerConfig,
  type ServerConfig,
  type ServerFlags,
} from '@skillset/server';
import { openStore, type Store } from '@skillset/store';
import type { Terminal } from '../output/terminal.ts';

/** The database flags `sign-in-link` and `token create` share with `serve`. */
export type ServerStoreFlags = Pick<ServerFlags, 'host' | 'port' | 'dataDir' | 'databaseUrl'>;

/** The server configuration these flags and the environment give, as `serve` reads it. */
export function resolveCommandConfig(terminal: Terminal, flags: ServerStoreFlags): ServerConfig {
  return resolveServerConfig({ flags, env: terminal.env, cwd: terminal.cwd });
}

/** The URL of a server running on this PGlite folder, if any (PGlite allows one process). */
export async function findRunningPgliteServer(
  config: ServerConfig,
): Promise<RunningServerInfo | undefined> {
  return config.databaseUrl === undefined ? readRunningServer(config.dataDir) : undefined;
}

/** Opens the server's store, migrated unless `migrate` is false; the caller closes it. */
export function openServerStore(config: ServerConfig, migrate = true): Promise<Store> {
  return openStore(
    config.databaseUrl === undefined
      ? { dataDir: config.dataDir, migrate }
      : { databaseUrl: config.databaseUrl, migrate },
  );
}
