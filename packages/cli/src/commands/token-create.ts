import { findInstanceOwner, type Store, type TokenPrincipal } from '@skillset/store';
import { printLine, type Terminal } from '../output/terminal.ts';
import {
  findRunningPgliteServer,
  openServerStore,
  resolveCommandConfig,
  type ServerStoreFlags,
} from './open-server-store.ts';

/** Options for {@link runTokenCreate}. */
export interface TokenCreateCommandOptions extends ServerStoreFlags {
  name: string;
  /** An agent's name or id: the token is the agent's instead of the owner's. */
  agent?: string;
  /** The workspace (id or slug) of `agent` and of a workspace-limited token; default the owner's first. */
  workspace?: string;
  /** When the token expires. */
  expiresAt?: Date;
}

async function findWorkspaceId(store: Store, userId: string, wanted: string | undefined) {
  const memberships = await store.workspaces.listForUser(userId);
  const found =
    wanted === undefined
      ? memberships[0]
      : memberships.find(
          (membership) =>
            membership.workspace.id === wanted || membership.workspace.slug === wanted,
        );
  if (found === undefined) {
    throw new Error(
      wanted === undefined
        ? 'the owner belongs to no workspace.'
        : `no workspace ${JSON.stringify(wanted)} of the owner; use one of ${memberships.map((membership) => membership.workspace.slug).join(', ')}.`,
    );
  }
  return found.workspace.id;
}

/** `skillset token create`: creates a token for the owner or an agent and prints it once. */
export async function runTokenCreate(
  terminal: Terminal,
  options: TokenCreateCommandOptions,
): Promise<number> {
  const config = resolveCommandConfig(terminal, options);
  const running = await findRunningPgliteServer(config);
  if (running !== undefined) {
    throw new Error(
      `the server at ${running.url} holds this data folder (PGlite allows one process); stop it first, or create the token with POST /api/tokens.`,
    );
  }
  const store = await openServerStore(config);
  try {
    const owner = await findInstanceOwner(store);
    if (owner === undefined) {
      throw new Error('this instance has no owner yet; start it once with `skillset serve`.');
    }
    let principal: TokenPrincipal = { kind: 'user', userId: owner.id };
    let whose = `the owner (${owner.name})`;
    if (options.agent !== undefined) {
      const workspaceId = await findWorkspaceId(store, owner.id, options.workspace);
      const agents = await store.agents.list(workspaceId);
      const agent = agents.find(
        (candidate) => candidate.id === options.agent || candidate.name === options.agent,
      );
      if (agent === undefined) {
        throw new Error(
          `no agent ${JSON.stringify(options.agent)} in the workspace; agents: ${agents.map((candidate) => candidate.name).join(', ') || 'none'}.`,
        );
      }
      principal = { kind: 'agent', agentId: agent.id, workspaceId };
      whose = `the agent ${agent.name}`;
    } else if (options.workspace !== undefined) {
      principal = {
        kind: 'user',
        userId: owner.id,
        workspaceId: await findWorkspaceId(store, owner.id, options.workspace),
      };
    }
    const { token, info } = await store.tokens.create({
      name: options.name,
      principal,
      ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt }),
      actor: { kind: 'user', id: owner.id },
    });
    printLine(terminal, token);
    const expires =
      info.expiresAt === null ? 'never expires' : `expires ${info.expiresAt.toISOString()}`;
    terminal.stderr.write(
      `Token "${info.name}" for ${whose} (${info.prefix}…, ${expires}); it is shown only once.\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
