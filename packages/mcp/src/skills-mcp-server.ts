import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { SkillRegistry } from '@skillset/core';
import { registerCompletions } from './register-completions.ts';
import { registerSkillPrompts } from './register-skill-prompts.ts';
import { registerSkillResources } from './register-skill-resources.ts';
import { registerSkillTools } from './register-skill-tools.ts';
import { registerSkillsExtension } from './skills-extension/register-skills-extension.ts';
import { SKILLS_EXTENSION_ID } from './skills-extension/skills-extension-schemas.ts';
import type { SkillsMcpPolicy } from './skills-mcp-policy.ts';
import { watchListChanges } from './watch-list-changes.ts';

/** The version the server reports in `initialize`. */
export const SKILLS_MCP_SERVER_VERSION = '0.1.0';

/** Options for {@link SkillsMcpServer} and `createSkillsMcpServer`. */
export interface SkillsMcpServerOptions {
  registry: SkillRegistry;
  /** Who asks and the rules that apply: a context, or a function resolving one per request. */
  policy: SkillsMcpPolicy;
  /** The name the server reports in `initialize`; default `skillset`. */
  name?: string;
  version?: string;
  /** Largest text `read_skill_file` returns, in bytes. */
  maxFileBytes?: number;
  /** How long registry changes are gathered before `list_changed` goes out, in milliseconds. */
  listChangedDelayMs?: number;
  /** Skills per `skills/list` page (the Skills extension); default 50. */
  skillsPageSize?: number;
}

const INSTRUCTIONS =
  'Skills are packaged instructions for tasks. Call use_skill with the skill whose description matches the request to load its instructions, search_skills to find one, and read_skill_file for files a skill mentions. Each skill is also a prompt, and its files are resources at skill://<name>/<path> (the Skills extension: skills/list, skills/get).';

/** An MCP server over a skill registry; it watches the registry while connected and stops on close. */
export class SkillsMcpServer extends Server {
  #startWatching: () => () => void;
  #stopWatching: (() => void) | undefined;

  constructor(options: SkillsMcpServerOptions) {
    super(
      { name: options.name ?? 'skillset', version: options.version ?? SKILLS_MCP_SERVER_VERSION },
      {
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { listChanged: true },
          completions: {},
          extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } },
        },
        instructions: INSTRUCTIONS,
      },
    );
    const { registry, policy, maxFileBytes, listChangedDelayMs, skillsPageSize } = options;
    registerSkillTools({
      server: this,
      registry,
      policy,
      ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
    });
    registerSkillPrompts({ server: this, registry, policy });
    registerSkillResources({ server: this, registry, policy });
    registerCompletions({ server: this, registry, policy });
    registerSkillsExtension({
      server: this,
      registry,
      policy,
      ...(skillsPageSize === undefined ? {} : { pageSize: skillsPageSize }),
    });
    this.#startWatching = () =>
      watchListChanges({
        registry,
        notify: () => this.notifyListChanged(),
        ...(listChangedDelayMs === undefined ? {} : { delayMs: listChangedDelayMs }),
      });
  }

  /** Connects to a transport and starts sending `list_changed` when the registry changes. */
  override async connect(transport: Transport): Promise<void> {
    const previousOnClose = transport.onclose;
    transport.onclose = () => {
      previousOnClose?.();
      this.#stopWatching?.();
      this.#stopWatching = undefined;
    };
    this.#stopWatching ??= this.#startWatching();
    await super.connect(transport);
  }

  /** Tells the client that tools, prompts and resources may have changed (e.g. after a policy change). */
  async notifyListChanged(): Promise<void> {
    if (this.transport === undefined) return;
    await Promise.all([
      this.sendToolListChanged(),
      this.sendPromptListChanged(),
      this.sendResourceListChanged(),
    ]);
  }
}
