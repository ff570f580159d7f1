import { PGlite } from '@electric-sql/pglite';
import { BUILTIN_SKILLS_DIR } from '@skillset/core/node';
import {
  type AgentSettings,
  ensureInstanceOwner,
  openStore,
  parseSecretKey,
  type Store,
  seedBuiltinSkills,
  type WorkspaceRole,
} from '@skillset/store';
import pino, { type Logger } from 'pino';
import type { ApiApp } from '../app/api-app.ts';
import { createApp } from '../app/create-app.ts';
import type { ChatOptions } from '../chat/create-chat-service.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../config/server-config.ts';
import type { IdentityServices } from '../identity/identity-services.ts';
import type { McpSourcePolicy } from '../outbound/mcp-source-policy.ts';
import type { SkillRuntime } from '../runtime/skill-runtime.ts';

// Starting PGlite and migrating take seconds; a migrated template is cloned per test app.
let template: Promise<PGlite> | undefined;

async function migratedTemplate(): Promise<PGlite> {
  const pglite = await PGlite.create();
  const store = await openStore({ pglite, migrate: true });
  await seedBuiltinSkills(store, BUILTIN_SKILLS_DIR);
  return pglite;
}

/** Opens a fresh, migrated in-memory store with the built-in skills (and a secret key, when given). */
export async function openTestStore(options: { secretKey?: string } = {}): Promise<Store> {
  template ??= migratedTemplate();
  const pglite = (await (await template).clone()) as PGlite;
  return openStore({
    pglite,
    ...(options.secretKey === undefined ? {} : { secretKey: parseSecretKey(options.secretKey) }),
  });
}

/** Options for one request of {@link TestApp.request}. */
export interface TestRequestOptions {
  token?: string;
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

/** A user or agent principal created for a test, with its token. */
export interface TestPrincipal {
  token: string;
  workspaceId: string;
  userId?: string;
  agentId?: string;
}

/** An API app on a fresh store, with helpers that create principals. */
export interface TestApp extends AsyncDisposable {
  app: ApiApp;
  store: Store;
  /** The owner created on first start, in the default workspace. */
  owner: TestPrincipal;
  request(method: string, path: string, options?: TestRequestOptions): Promise<Response>;
  /** Creates a workspace with an owner of its own. */
  addWorkspace(name: string): Promise<TestPrincipal>;
  /** Adds a user with `role` to a workspace (default: the owner's). */
  addUser(role: WorkspaceRole, workspaceId?: string): Promise<TestPrincipal>;
  /** Signs a user in (default: the owner) through a one-time code; returns the `Cookie` header value. */
  signIn(userId?: string): Promise<string>;
  /** Creates an agent with its own token in a workspace (default: the owner's). */
  addAgent(options?: {
    workspaceId?: string;
    name?: string;
    settings?: Partial<AgentSettings>;
  }): Promise<TestPrincipal>;
}

/** Options for {@link createTestApp}. */
export interface CreateTestAppOptions {
  /** Use this store (e.g. PostgreSQL); default: a fresh in-memory one. The app closes it. */
  store?: Store;
  maxBodyBytes?: number;
  /** Builds the app's skill runtime over its store (closed with the app); default: the app's own. */
  createRuntime?: (store: Store) => SkillRuntime;
  /** The chat model and limits of `POST /api/chat` (e.g. `resolveServerConfig({env}).model`). */
  chat?: ChatOptions;
  /** The built web UI to serve at `/` (default: the repository's `apps/web/dist`). */
  webDir?: string;
  /** The address the server would listen on (a loopback one turns the Host/Origin check on). */
  listenHost?: string;
  /** Where the app logs (default: nowhere). */
  logger?: Logger;
  /** Mail and single sign-on (e.g. `createIdentityServices(resolveIdentityConfig(env))`). */
  identity?: IdentityServices;
  /** Trust `X-Forwarded-For` and `X-Forwarded-Proto`, as behind a reverse proxy. */
  trustProxy?: boolean;
  /** Which MCP servers workspaces may name (also given to `createRuntime`'s runtime by the caller). */
  mcpSourcePolicy?: McpSourcePolicy;
  /** `SKILLSET_SECRET_KEY` of the fresh store (ignored with `store`); default: none, secrets answer 503. */
  secretKey?: string;
}

let userCount = 0;

/** Creates the API app on a fresh store, signed in as the first owner; dispose it with `await using`. */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const store =
    options.store ??
    (await openTestStore(options.secretKey === undefined ? {} : { secretKey: options.secretKey }));
  const logger = options.logger ?? pino({ level: 'silent' });
  const runtime = options.createRuntime?.(store);
  const app = createApp({
    store,
    logger,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    ...(runtime === undefined ? {} : { runtime }),
    ...(options.chat === undefined ? {} : { chat: options.chat }),
    ...(options.webDir === undefined ? {} : { webDir: options.webDir }),
    ...(options.listenHost === undefined ? {} : { listenHost: options.listenHost }),
    ...(options.identity === undefined ? {} : { identity: options.identity }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.mcpSourcePolicy === undefined ? {} : { mcpSourcePolicy: options.mcpSourcePolicy }),
  });
  const first = await ensureInstanceOwner(store);
  if (!first.created) throw new Error('createTestApp needs an empty store');
  const owner: TestPrincipal = {
    token: first.token,
    workspaceId: first.workspace.id,
    userId: first.user.id,
  };

  const addUser = async (role: WorkspaceRole, workspaceId = owner.workspaceId) => {
    userCount += 1;
    const user = await store.users.create({ name: `User ${userCount}` });
    await store.members.add({ workspaceId, userId: user.id, role });
    const { token } = await store.tokens.create({
      name: 'test',
      principal: { kind: 'user', userId: user.id },
    });
    return { token, workspaceId, userId: user.id };
  };

  return {
    app,
    store,
    owner,
    async request(method, path, requestOptions = {}) {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.token !== undefined) {
        headers.authorization = `Bearer ${requestOptions.token}`;
      }
      let body = requestOptions.body;
      if (requestOptions.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(requestOptions.json);
      }
      return app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
    },
    async addWorkspace(name) {
      const workspace = await store.workspaces.create({ name });
      return addUser('owner', workspace.id);
    },
    addUser,
    async signIn(userId = owner.userId as string) {
      const { code } = await store.signInCodes.create({ userId });
      const response = await app.request('/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const cookie = /^(skillset_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '');
      if (response.status !== 200 || cookie?.[1] === undefined) {
        throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      }
      return cookie[1];
    },
    async addAgent(agentOptions = {}) {
      const workspaceId = agentOptions.workspaceId ?? owner.workspaceId;
      const agent = await store.agents.create({
        workspaceId,
        name: agentOptions.name ?? `agent-${++userCount}`,
        ...(agentOptions.settings === undefined ? {} : { settings: agentOptions.settings }),
      });
      const { token } = await store.tokens.create({
        name: 'test agent',
        principal: { kind: 'agent', agentId: agent.id, workspaceId },
      });
      return { token, workspaceId, agentId: agent.id };
    },
    async [Symbol.asyncDispose]() {
      await runtime?.close();
      await store.close();
    },
  };
}
