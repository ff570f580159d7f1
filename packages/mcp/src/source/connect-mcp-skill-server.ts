import {
  Client,
  type ProtocolEra,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type McpServerConfig, SkillsetError } from '@skillset/core';
import { SKILLS_MCP_SERVER_VERSION } from '../skills-mcp-server.ts';

/** Options for {@link connectMcpSkillServer}. */
export interface ConnectMcpSkillServerOptions {
  /** The host-assigned label of the server, used in messages. */
  label: string;
  server: McpServerConfig;
  /** Values for `${VAR}` in the server's strings; `process.env` by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder a stdio command runs in when the config gives no `cwd`. */
  cwd?: string;
  /** How long each request may take, in milliseconds; the handshake gets at least {@link MIN_HANDSHAKE_TIMEOUT_MS}. */
  timeoutMs: number;
  /** The `fetch` of an HTTP server's requests (a host's guard on outbound calls); default the global one. */
  fetch?: typeof fetch;
}

/** A connected MCP client, its Skills-extension client, and where and how it is connected. */
export interface ConnectMcpSkillServerResult {
  client: Client;
  skills: SkillsClient;
  /** `modern` against a 2026-07-28 server (`server/discover`), `legacy` after the 2025 `initialize`. */
  era: ProtocolEra;
  /** `command node server.js` or `url https://…`. */
  target: string;
  /** The last lines a stdio server wrote to stderr, for error messages. */
  stderrTail: () => string;
}

/** The least time a server gets to start and answer the handshake, however short `timeoutMs` is. */
export const MIN_HANDSHAKE_TIMEOUT_MS = 5_000;

/** The most `skills/list` pages one listing walks before it is reported as endless. */
export const MAX_MCP_SKILL_LIST_PAGES = 1_000;

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces `${VAR}` in `text` with the environment's value; a missing variable throws. */
function expand(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  label: string,
): string {
  return text.replace(VARIABLE, (_match, name: string) => {
    const value = env[name];
    if (value === undefined) {
      throw new SkillsetError({
        code: 'mcp_server_unavailable',
        message: `MCP server "${label}": the environment variable ${name} is not set (used as \${${name}} in its config).`,
        details: { server: label, variable: name },
      });
    }
    return value;
  });
}

function expandRecord(
  record: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string | undefined>>,
  label: string,
): Record<string, string> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, expand(value, env, label)]),
  );
}

function httpTransport(
  options: ConnectMcpSkillServerOptions,
  env: Readonly<Record<string, string | undefined>>,
): { transport: Transport; target: string } {
  const { label, server } = options;
  const url = expand(server.url ?? '', env, label);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new SkillsetError({
      code: 'mcp_server_unavailable',
      message: `MCP server "${label}": ${JSON.stringify(url)} is not a URL; give an http:// or https:// address.`,
      cause: error,
      details: { server: label, url },
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SkillsetError({
      code: 'mcp_server_unavailable',
      message: `MCP server "${label}": ${JSON.stringify(url)} is not an http:// or https:// URL.`,
      details: { server: label, url },
    });
  }
  const headers = expandRecord(server.headers, env, label);
  const transport = new StreamableHTTPClientTransport(parsed, {
    ...(headers === undefined ? {} : { requestInit: { headers } }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return { transport, target: `url ${parsed.origin}${parsed.pathname}` };
}

/**
 * Starts or reaches the MCP server of a config entry (stdio command or Streamable HTTP URL) and
 * negotiates the protocol era: `server/discover` first (on stdio, in a short-lived sibling process),
 * the 2025 `initialize` handshake when the server does not speak 2026-07-28.
 */
export async function connectMcpSkillServer(
  options: ConnectMcpSkillServerOptions,
): Promise<ConnectMcpSkillServerResult> {
  const { label, server } = options;
  const env = options.env ?? process.env;
  let transport: Transport;
  let target: string;
  const stderrLines: string[] = [];
  if (server.url !== undefined) {
    ({ transport, target } = httpTransport(options, env));
  } else {
    const command = expand(server.command ?? '', env, label);
    const args = (server.args ?? []).map((arg) => expand(arg, env, label));
    const serverEnv = expandRecord(server.env, env, label);
    const cwd = server.cwd === undefined ? options.cwd : expand(server.cwd, env, label);
    const stdio = new StdioClientTransport({
      command,
      args,
      ...(serverEnv === undefined ? {} : { env: serverEnv }),
      ...(cwd === undefined ? {} : { cwd }),
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer) => {
      stderrLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      stderrLines.splice(0, Math.max(0, stderrLines.length - 5));
    });
    transport = stdio;
    target = `command ${[command, ...args].join(' ')}`;
  }
  const handshakeTimeout = Math.max(options.timeoutMs, MIN_HANDSHAKE_TIMEOUT_MS);
  const client = new Client(
    { name: 'skillset', version: SKILLS_MCP_SERVER_VERSION },
    {
      capabilities: {},
      versionNegotiation: { mode: 'auto', probe: { timeoutMs: handshakeTimeout } },
      listMaxPages: MAX_MCP_SKILL_LIST_PAGES,
    },
  );
  try {
    await client.connect(transport, { timeout: handshakeTimeout });
  } catch (error) {
    await client.close().catch(() => undefined);
    const status = error instanceof SdkHttpError ? error.status : undefined;
    const message = (error as Error).message.replace(/\.$/, '');
    const hint =
      status === 401 || status === 403
        ? ` ${message.includes(`HTTP ${status}`) ? 'C' : `HTTP ${status}: c`}heck the credentials in its "headers".`
        : '';
    const tail = stderrLines.length > 0 ? ` Its stderr: ${stderrLines.join(' | ')}` : '';
    throw new SkillsetError({
      code: 'mcp_server_unavailable',
      message: `MCP server "${label}" (${target}) is unreachable: ${message}.${hint}${tail}`,
      cause: error,
      details: { server: label, target },
    });
  }
  return {
    client,
    skills: new SkillsClient(client, { skipInvalid: true }),
    era: client.getProtocolEra() ?? 'legacy',
    target,
    stderrTail: () => stderrLines.join(' | '),
  };
}
