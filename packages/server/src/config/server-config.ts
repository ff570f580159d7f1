import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** Everything `skillset serve` needs to start. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite data folder; ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl?: string;
  /** The first owner's token, for automation; otherwise one is generated on first start. */
  adminToken?: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
}

/** Command-line flags of `skillset serve`; each overrides its environment variable. */
export interface ServerFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
  databaseUrl?: string;
}

/** Options for {@link resolveServerConfig}. */
export interface ResolveServerConfigOptions {
  flags?: ServerFlags;
  env?: Record<string, string | undefined>;
  cwd?: string;
}

export const DEFAULT_PORT = 4747;
export const DEFAULT_HOST = '127.0.0.1';
/** Uploads are ZIPs of at most 30 MiB unpacked; their compressed size is smaller. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

function parsePort(value: string | number): number {
  const port = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: `Port ${JSON.stringify(value)} is not a port number; use an integer from 0 to 65535 (0 picks a free one).`,
    });
  }
  return port;
}

/** Combines flags, environment (`PORT`, `SKILLSET_DATA_DIR`, `DATABASE_URL`, `SKILLSET_ADMIN_TOKEN`) and defaults. */
export function resolveServerConfig(options: ResolveServerConfigOptions = {}): ServerConfig {
  const flags = options.flags ?? {};
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const databaseUrl = flags.databaseUrl ?? (env.DATABASE_URL || undefined);
  const adminToken = env.SKILLSET_ADMIN_TOKEN || undefined;
  return {
    host: flags.host ?? env.HOST ?? DEFAULT_HOST,
    port: parsePort(flags.port ?? env.PORT ?? DEFAULT_PORT),
    dataDir: path.resolve(cwd, flags.dataDir ?? env.SKILLSET_DATA_DIR ?? '.skillset'),
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(adminToken === undefined ? {} : { adminToken }),
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  };
}
