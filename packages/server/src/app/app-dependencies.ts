import type { Store } from '@skillset/store';
import type { Logger } from 'pino';
import type { ChatOptions } from '../chat/create-chat-service.ts';
import type { ConnectionLimits } from '../config/connection-limits.ts';
import type { IdentityServices } from '../identity/identity-services.ts';
import type { McpSourcePolicy } from '../outbound/mcp-source-policy.ts';
import type { SkillRuntime } from '../runtime/skill-runtime.ts';

/** What the API's routes share: the store, the logger and the server's settings. */
export interface AppDependencies {
  store: Store;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  /** Largest body of a skill upload or skill write; other bodies have smaller limits (route-body-limit.ts). */
  maxBodyBytes: number;
  /** The skill runtime (registries, policies, usage, /mcp); created over `store` when absent. */
  runtime?: SkillRuntime;
  /** The PGlite data folder where `skillset sign-in-link` leaves sign-in codes for this server. */
  signInDropDir?: string;
  /**
   * The secret the server wrote into its PGlite data folder (`server.json`, mode 0600); presenting
   * it is the only way to operator requests (the instance backup). Absent: nobody may make them.
   */
  operatorSecret?: string;
  /** The chat model and limits of `POST /api/chat`. */
  chat?: ChatOptions;
  /**
   * The address the server listens on; on a loopback one (127.0.0.1, ::1, localhost) requests
   * with a foreign `Host` or `Origin` are refused (DNS rebinding). Absent: no check.
   */
  listenHost?: string;
  /** The built web UI served at `/`; default: the repository's `apps/web/dist`. */
  webDir?: string;
  /** Mail, single sign-on and the public URL links point to; absent: links are shown to admins. */
  identity?: IdentityServices;
  /**
   * Behind a reverse proxy: trust its `X-Forwarded-For` (the client's address, for rate limits)
   * and `X-Forwarded-Proto` (https, for the `Secure` cookie flag). Default false.
   */
  trustProxy?: boolean;
  /** Which MCP servers workspaces may name as skill sources (the instance admin's); default none. */
  mcpSourcePolicy?: McpSourcePolicy;
  /** Per-principal caps on event streams (and the timeouts `startServer` applies); default {@link defaultConnectionLimits}. */
  connectionLimits?: ConnectionLimits;
}
