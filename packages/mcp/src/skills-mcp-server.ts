import { McpServer, type Transport } from '@modelcontextprotocol/server';
import { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { SkillRegistry } from '@skillset/core';
import { elicitationApprove } from './elicitation-approve.ts';
import { registerCompletions } from './register-completions.ts';
import { registerSkillPrompts } from './register-skill-prompts.ts';
import { registerSkillTools } from './register-skill-tools.ts';
import { createGatedSkillSource } from './skills-extension/create-gated-skill-source.ts';
import type { SkillsMcpPolicy } from './skills-mcp-policy.ts';
import type { SkillsMcpSkillUseListener } from './skills-mcp-skill-use.ts';
import { watchListChanges } from './watch-list-changes.ts';

/** The version the server reports in `initialize` and `server/discover`. */
export const SKILLS_MCP_SERVER_VERSION = '0.1.0';

/** Options for {@link SkillsMcpServer} and `createSkillsMcpServer`. */
export interface SkillsMcpServerOptions {
  registry: SkillRegistry;
  /** Who asks and the rules that apply: a context, or a function resolving one per request. */
  policy: SkillsMcpPolicy;
  /** The name the server reports; default `skillset`. */
  name?: string;
  version?: string;
  /** Largest text `read_skill_file` returns, in bytes. */
  maxFileBytes?: number;
  /**
   * Whether `use_skill`'s description carries the catalog of the skills (default true); off for a
   * client whose agent is shown the relevant skills with each prompt by a hook.
   */
  toolCatalog?: boolean;
  /** How long registry changes are gathered before `list_changed` goes out, in milliseconds. */
  listChangedDelayMs?: number;
  /** Skills per `skills/list` page (the Skills extension); default 50. */
  skillsPageSize?: number;
  /**
   * Watch the registry while connected and send `list_changed` (default true). A server built
   * for one request (the 2026-07-28 era over HTTP) leaves it to the handler's own watcher.
   */
  watch?: boolean;
  /** Hears of every attempt to use a skill (`use_skill`, `prompts/get`), for usage records. */
  onSkillUse?: SkillsMcpSkillUseListener;
}

const INSTRUCTIONS =
  'Skills are packaged instructions for tasks. Call use_skill with the skill whose description matches the request to load its instructions, search_skills to find one, and read_skill_file for files a skill mentions. Each skill is also a prompt, and its files are resources at skill://<name>/<path> (the Skills extension: skills/list, skills/get).';

/**
 * An MCP server over a skill registry, on both protocol eras: tools, prompts, completions and the
 * SDK's Skills extension over a gated source. While connected it watches the registry and tells
 * the client (and its log) when the lists change; it stops on close.
 */
export class SkillsMcpServer extends McpServer {
  #startWatching: () => () => void;
  #stopWatching: (() => void) | undefined;
  #watch: boolean;

  constructor(options: SkillsMcpServerOptions) {
    super(
      { name: options.name ?? 'skillset', version: options.version ?? SKILLS_MCP_SERVER_VERSION },
      {
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { listChanged: true },
          completions: {},
          logging: {},
        },
        instructions: INSTRUCTIONS,
      },
    );
    const { registry, policy, maxFileBytes, listChangedDelayMs, skillsPageSize, onSkillUse } =
      options;
    const { toolCatalog } = options;
    const server = this.server;
    new SkillsExtension({
      source: createGatedSkillSource({
        registry,
        policy,
        approveOf: (ctx) => elicitationApprove(server, ctx),
        ...(skillsPageSize === undefined ? {} : { pageSize: skillsPageSize }),
      }),
      // Listings are filtered by the principal's policy and change under a watcher.
      cacheHint: { ttlMs: 0, cacheScope: 'private' },
    }).attach(this);
    registerSkillTools({
      server,
      registry,
      policy,
      ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
      ...(toolCatalog === undefined ? {} : { toolCatalog }),
      ...(onSkillUse === undefined ? {} : { onSkillUse }),
    });
    registerSkillPrompts({
      server,
      registry,
      policy,
      ...(onSkillUse === undefined ? {} : { onSkillUse }),
    });
    registerCompletions({ server, registry, policy });
    this.#watch = options.watch ?? true;
    this.#startWatching = () =>
      watchListChanges({
        registry,
        notify: (names) => this.notifyListChanged(names),
        ...(listChangedDelayMs === undefined ? {} : { delayMs: listChangedDelayMs }),
      });
  }

  /** Connects to a transport and starts sending `list_changed` when the registry changes. */
  override async connect(transport: Transport): Promise<void> {
    if (this.#watch) {
      const previousOnClose = transport.onclose;
      transport.onclose = () => {
        previousOnClose?.();
        this.#stopWatching?.();
        this.#stopWatching = undefined;
      };
      this.#stopWatching ??= this.#startWatching();
    }
    await super.connect(transport);
  }

  /** Tells the client that tools, prompts and resources may have changed (e.g. after a policy change), and logs which skills did. */
  async notifyListChanged(names: readonly string[] = []): Promise<void> {
    if (!this.isConnected()) return;
    await Promise.all([
      this.server.sendToolListChanged(),
      this.server.sendPromptListChanged(),
      this.server.sendResourceListChanged(),
      names.length === 0
        ? undefined
        : this.server.sendLoggingMessage({
            level: 'info',
            logger: 'skills',
            data: `Skills changed: ${names.join(', ')}.`,
          }),
    ]);
  }
}
