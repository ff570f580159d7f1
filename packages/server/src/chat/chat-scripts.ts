import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type SecretsForFunction,
  type SkillScriptRunRecord,
  type SkillScriptToolsOptions,
  SkillsetError,
} from '@skillset/core';
import {
  createSkillFolderCache,
  createSkillScriptRunner,
  type SandboxLimits,
  type SessionSkillScriptRunner,
  type SkillScriptErrorCode,
} from '@skillset/core/node';
import type { RequestPrincipal } from '../app/app-env.ts';
import { actorOf } from '../auth/actor-of.ts';
import { loggableError } from '../http/loggable-error.ts';
import { receivesSecrets } from '../runtime/receives-secrets.ts';
import type { RuntimeScope, SkillRuntime } from '../runtime/skill-runtime.ts';
import { withheldSecretReason } from './withheld-secret-reason.ts';

/** How the chat runs skill scripts (`run_skill_script`); on by default, always in bubblewrap. */
export interface ChatScriptOptions {
  /** False: the chat offers no script tools. Default true. */
  enabled?: boolean;
  /** Where stored skills are written for their scripts; default `<tmp>/skillset-skills-<uid>`. */
  cacheDir?: string;
  /** Where conversations' scratch folders are made; default the system's temporary folder. */
  scratchRoot?: string;
  /** Give the network to scripts of skills that declare `requires.network`; default false here. */
  allowNetwork?: boolean;
  limits?: Partial<SandboxLimits>;
  /** A conversation's scratch folders are removed after this long without a turn; default 30 min. */
  idleMs?: number;
  /** The bubblewrap program; default `SKILLSET_BWRAP`, else `bwrap` on the PATH. */
  bwrap?: string;
}

/** The script tools of the chat's conversations: one runner (and scratch) per conversation. */
export interface ChatScripts {
  /** The `scripts` option of one turn's agent, or undefined when scripts are off. */
  forTurn(
    principal: RequestPrincipal,
    scope: RuntimeScope,
    conversation: string,
  ): SkillScriptToolsOptions | undefined;
  /** Removes every conversation's scratch folders. */
  close(): Promise<void>;
}

const DEFAULT_IDLE_MS = 30 * 60 * 1000;

interface Conversation {
  runner: SessionSkillScriptRunner;
  /** The scope of the turn running now: its registry and stored skills. */
  scope: RuntimeScope;
  timer?: ReturnType<typeof setTimeout>;
}

function defaultCacheDir(): string {
  return join(tmpdir(), `skillset-skills-${process.getuid?.() ?? 'user'}`);
}

/**
 * Creates the chat's script support: stored skills are written once per version (by digest) to a
 * read-only cache folder before their scripts run; each conversation keeps its scratch folders
 * until it idles out; a skill's scripts get only the secrets bound to it and approved by an admin
 * for the revision that runs (never a personal or MCP-served skill's); every attempt is audited
 * as `script.run` without output or secret values, with the secrets withheld and why.
 */
export function createChatScripts(
  runtime: SkillRuntime,
  options: ChatScriptOptions = {},
): ChatScripts {
  const { store, logger } = runtime;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const folders = createSkillFolderCache({ root: options.cacheDir ?? defaultCacheDir() });
  const conversations = new Map<string, Conversation>();

  const forget = (key: string) => {
    const conversation = conversations.get(key);
    if (conversation === undefined) return Promise.resolve();
    conversations.delete(key);
    clearTimeout(conversation.timer);
    return conversation.runner.dispose().catch((error: unknown) => {
      logger.warn({ err: loggableError(error) }, 'a chat scratch folder was not removed');
    });
  };
  const touch = (key: string, conversation: Conversation) => {
    clearTimeout(conversation.timer);
    conversation.timer = setTimeout(() => void forget(key), idleMs);
    conversation.timer.unref?.();
  };

  const conversationOf = (key: string, scope: RuntimeScope): Conversation => {
    let conversation = conversations.get(key);
    if (conversation === undefined) {
      const created: Conversation = {
        scope,
        runner: createSkillScriptRunner({
          skillDirOf: (entry) => {
            const stored = created.scope.skills.storedSkill(entry);
            if (stored === undefined) {
              throw new SkillsetError<SkillScriptErrorCode>({
                code: 'skill_folder_unavailable',
                message: `Skill ${JSON.stringify(entry.name)} is not stored on this server (it comes from an MCP server), so its scripts cannot run here.`,
              });
            }
            return folders.folderOf(created.scope.skills.registry, entry, stored.hash);
          },
          // Each stored revision has its own scratch: files a run with secrets wrote stay with it.
          scratchKeyOf: (entry) => {
            const stored = created.scope.skills.storedSkill(entry);
            return stored === undefined
              ? entry.name
              : `${entry.name}@${stored.id}.${stored.currentVersion}`;
          },
          ...(options.scratchRoot === undefined ? {} : { scratchRoot: options.scratchRoot }),
          ...(options.limits === undefined ? {} : { limits: options.limits }),
          ...(options.bwrap === undefined ? {} : { bwrap: options.bwrap }),
        }),
      };
      conversation = created;
      conversations.set(key, conversation);
    }
    conversation.scope = scope;
    touch(key, conversation);
    return conversation;
  };

  return {
    forTurn(principal, scope, key) {
      if (options.enabled === false) return undefined;
      const { workspaceId } = scope.policy;
      const conversation = conversationOf(key, scope);
      const secretsFor: SecretsForFunction = async (entry) => {
        const names = entry.manifest?.requires?.env ?? [];
        if (!store.secrets.configured || names.length === 0 || !receivesSecrets(entry)) {
          return { values: {} };
        }
        const stored = scope.skills.storedSkill(entry);
        if (stored === undefined) return { values: {} };
        // Only the revision an admin approved for a secret gets it: this one is what runs.
        const revision = {
          skillId: stored.id,
          version: stored.currentVersion,
          digest: stored.hash,
        };
        const { values, withheld } = await store.secrets.valuesFor({
          workspaceId,
          skillName: entry.name,
          names,
          revision,
        });
        return {
          values,
          withheld: withheld.map((secret) => ({
            name: secret.name,
            reason: withheldSecretReason(entry.name, revision, secret),
          })),
        };
      };
      const onRun = (record: SkillScriptRunRecord) => {
        touch(key, conversation);
        const { skill, ...details } = record;
        store.audit
          .append({
            workspaceId,
            actor: actorOf(principal),
            action: 'script.run',
            target: { kind: 'skill', id: skill },
            details: {
              skill,
              ...details,
              ...(scope.policy.agent === undefined ? {} : { agentId: scope.policy.agent.id }),
            },
          })
          .catch((error: unknown) =>
            logger.warn({ err: loggableError(error), skill }, 'a script run was not audited'),
          );
      };
      return {
        runner: conversation.runner,
        secretsFor,
        onRun,
        allowNetwork: options.allowNetwork === true,
      };
    },
    async close() {
      await Promise.all([...conversations.keys()].map((key) => forget(key)));
    },
  };
}
