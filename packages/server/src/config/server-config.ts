import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import { parseSecretKey, type SecretKey } from '@skillset/store';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { type McpSourcePolicy, readMcpSourcePolicy } from '../outbound/mcp-source-policy.ts';
import type { ConnectionLimits } from './connection-limits.ts';
import { type IdentityConfig, resolveIdentityConfig } from './identity-config.ts';
import { LOG_FORMATS, type LogFormat } from './log-format.ts';

/** The variables a chat model reads its keys and endpoints from. */
export const MODEL_ENV_VARIABLES = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
] as const;

/** The model `POST /api/chat` runs: `SKILLSET_MODEL` and the key variables it needs. */
export interface ModelConfig {
  /** `<provider>:<model id>`; absent when no model is configured. */
  spec?: string;
  env: Partial<Record<(typeof MODEL_ENV_VARIABLES)[number], string>>;
}

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
  /** The chat model; absent: `POST /api/chat` answers 503. */
  model?: ModelConfig;
  /** The built web UI to serve; absent: the repository's `apps/web/dist`. */
  webDir?: string;
  /** Outgoing mail, single sign-on, and the public URL their links point to. */
  identity: IdentityConfig;
  /** Trust a reverse proxy's `X-Forwarded-For` and `X-Forwarded-Proto` (`--trust-proxy`). */
  trustProxy?: boolean;
  /** Timeouts and caps on connections; default {@link defaultConnectionLimits}. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Which MCP servers workspaces may name (`SKILLSET_MCP_ALLOWED_HOSTS`, `SKILLSET_MCP_ALLOW_PRIVATE`). */
  mcpSourcePolicy?: McpSourcePolicy;
  /** `--log-format` or `SKILLSET_LOG_FORMAT`; absent: readable lines on a terminal, JSON otherwise. */
  logFormat?: LogFormat;
  /** The key of workspace secrets (`SKILLSET_SECRET_KEY`); absent: the secrets routes answer 503. */
  secretKey?: SecretKey;
  /** Estimated bytes the workspace registries may hold (`--memory-budget` MiB); absent: the default. */
  registryBudgetBytes?: number;
}

/** Command-line flags of `skillset serve`; each overrides its environment variable. */
export interface ServerFlags {
  host?: string;
  port?: string | number;
  dataDir?: string;
  databaseUrl?: string;
  trustProxy?: boolean;
  maxConnectionsPerAddress?: string | number;
  logFormat?: string;
  /** MiB the workspace registries may hold. */
  memoryBudget?: string | number;
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

function parseConnectionsPerAddress(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const count = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(count) || count < 1) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: `Connections per address ${JSON.stringify(value)} is not a count; use a whole number of at least 1 (default 256).`,
    });
  }
  return count;
}

function parseMemoryBudget(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const mebibytes = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(mebibytes) || mebibytes < 1) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: `Memory budget ${JSON.stringify(value)} is not a size; use a whole number of MiB of at least 1 (default 256).`,
    });
  }
  return mebibytes * 1024 * 1024;
}

function parseLogFormat(value: string | undefined): LogFormat | undefined {
  if (value === undefined || value === '') return undefined;
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new SkillsetError<ServerErrorCode>({
    code: 'invalid_config',
    message: `Log format ${JSON.stringify(value)} is not one of ${LOG_FORMATS.join(', ')} (text: a readable line per record, json: a JSON object per line).`,
  });
}

function readSecretKey(text: string | undefined): SecretKey | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseSecretKey(text);
  } catch (error) {
    if (!SkillsetError.isInstance(error)) throw error;
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: error.message,
      cause: error,
    });
  }
}

function modelConfig(env: Record<string, string | undefined>): ModelConfig {
  const spec = env.SKILLSET_MODEL?.trim() || undefined;
  const variables: ModelConfig['env'] = {};
  for (const name of MODEL_ENV_VARIABLES) {
    const value = env[name]?.trim();
    if (value) variables[name] = value;
  }
  return { ...(spec === undefined ? {} : { spec }), env: variables };
}

/**
 * Combines flags, environment (`PORT`, `SKILLSET_DATA_DIR`, `DATABASE_URL`, `SKILLSET_ADMIN_TOKEN`,
 * `SKILLSET_MODEL` and the model's key variables, `SKILLSET_WEB_DIR`, `SKILLSET_PUBLIC_URL`,
 * `SKILLSET_SMTP_URL`, `SKILLSET_MAIL_FROM`, `SKILLSET_OIDC_*`, `SKILLSET_TRUST_PROXY`,
 * `SKILLSET_MAX_CONNECTIONS_PER_ADDRESS`, `SKILLSET_MCP_ALLOWED_HOSTS`, `SKILLSET_MCP_ALLOW_PRIVATE`, `SKILLSET_LOG_FORMAT`, `SKILLSET_SECRET_KEY`, `SKILLSET_MEMORY_BUDGET_MB`) and defaults.
 */
export function resolveServerConfig(options: ResolveServerConfigOptions = {}): ServerConfig {
  const flags = options.flags ?? {};
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const databaseUrl = flags.databaseUrl ?? (env.DATABASE_URL || undefined);
  const adminToken = env.SKILLSET_ADMIN_TOKEN || undefined;
  const webDir = env.SKILLSET_WEB_DIR || undefined;
  const logFormat = parseLogFormat(flags.logFormat ?? env.SKILLSET_LOG_FORMAT);
  const secretKey = readSecretKey(env.SKILLSET_SECRET_KEY);
  const maxConnectionsPerAddress = parseConnectionsPerAddress(
    flags.maxConnectionsPerAddress ?? env.SKILLSET_MAX_CONNECTIONS_PER_ADDRESS,
  );
  const registryBudgetBytes = parseMemoryBudget(
    flags.memoryBudget ?? env.SKILLSET_MEMORY_BUDGET_MB,
  );
  return {
    host: flags.host ?? env.HOST ?? DEFAULT_HOST,
    port: parsePort(flags.port ?? env.PORT ?? DEFAULT_PORT),
    dataDir: path.resolve(cwd, flags.dataDir ?? env.SKILLSET_DATA_DIR ?? '.skillset'),
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(adminToken === undefined ? {} : { adminToken }),
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    model: modelConfig(env),
    ...(webDir === undefined ? {} : { webDir: path.resolve(cwd, webDir) }),
    identity: resolveIdentityConfig(env),
    mcpSourcePolicy: readMcpSourcePolicy(env),
    ...(flags.trustProxy === true || ['1', 'true'].includes(env.SKILLSET_TRUST_PROXY ?? '')
      ? { trustProxy: true }
      : {}),
    ...(maxConnectionsPerAddress === undefined
      ? {}
      : { connectionLimits: { maxConnectionsPerAddress } }),
    ...(logFormat === undefined ? {} : { logFormat }),
    ...(secretKey === undefined ? {} : { secretKey }),
    ...(registryBudgetBytes === undefined ? {} : { registryBudgetBytes }),
  };
}
