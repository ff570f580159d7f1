import {
  type AgentPrompt,
  type AgentSkillUse,
  type CreateAgentOptions,
  createAgent,
  describeModelError,
  evaluateTriggersWithModel,
} from '@skillset/agent';
import { SkillsetError } from '@skillset/core';
import type { TriggerEvalCase, TriggerEvalReport } from '@skillset/core/authoring';
import {
  createUIMessageStream,
  type LanguageModel,
  type ModelMessage,
  type UIMessageChunk,
} from 'ai';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { ModelConfig } from '../config/server-config.ts';
import { loggableError } from '../http/loggable-error.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { resolveSkillAttempt } from '../runtime/resolve-skill-attempt.ts';
import type { RuntimeScope, SkillRuntime, TryRevision } from '../runtime/skill-runtime.ts';
import { boundChatHistory, MAX_CHAT_HISTORY_TOKENS } from './bound-chat-history.ts';
import { createChatApprovals, type OpenApproval } from './chat-approvals.ts';
import { createChatModel } from './chat-model.ts';
import { type ChatScriptOptions, createChatScripts } from './chat-scripts.ts';
import {
  type ChatApprovalRequest,
  type ChatUIMessage,
  presentApprovalRequest,
} from './chat-ui-message.ts';
import { createChatStreamWriter } from './create-chat-stream-writer.ts';
import { PROMPT_ONLY_MODEL } from './prompt-only-model.ts';
import { runApprovalOf } from './run-approval-of.ts';
import { workspaceApprovals } from './workspace-approvals.ts';

/** How `POST /api/chat` runs. */
export interface ChatOptions {
  /** The model (from the server config); without one a turn answers 503 saying what to set. */
  model?: ModelConfig;
  /** How long a turn waits for an approval before it counts as refused; default 5 minutes. */
  approvalTimeoutMs?: number;
  /** Conversations each workspace keeps (in the database); the least recently used beyond are dropped; default 1,000. */
  maxChatsPerWorkspace?: number;
  /** The history a conversation keeps, in tokens; older turns are dropped; default {@link MAX_CHAT_HISTORY_TOKENS}. */
  maxHistoryTokens?: number;
  /** How skill scripts run (`run_skill_script`): on by default, in bubblewrap only. */
  scripts?: ChatScriptOptions;
}

/** One turn asked of the chat. */
export interface ChatTurnInput {
  message: string;
  chatId: string;
  agent?: string;
  /** A revision of a skill to use instead of the published one (a person trying a proposal). */
  tryRevision?: TryRevision;
  /** Aborts the turn (the client went away). */
  signal?: AbortSignal;
}

/** The prompt asked of the chat: a message, and optionally the chat whose active skills count. */
export interface ChatPromptInput {
  message: string;
  chatId?: string;
  agent?: string;
}

/** A trigger eval asked of the chat's model: does it load `skill` for each query? */
export interface ChatTriggerEvalInput {
  skill: string;
  cases: readonly TriggerEvalCase[];
  runs: number;
}

/** The agent turns of `POST /api/chat`, their conversations and their approval questions. */
export interface ChatService {
  /** Runs one turn and streams it as UI message chunks; throws (503, 409, 404) before streaming. */
  turn(principal: RequestPrincipal, input: ChatTurnInput): Promise<ReadableStream<UIMessageChunk>>;
  /** Runs a trigger eval with the chat's model and the principal's whole catalog; records no usage. */
  evaluateTriggers(
    principal: RequestPrincipal,
    input: ChatTriggerEvalInput,
  ): Promise<TriggerEvalReport>;
  /** The system prompt and policy trace the next turn would use; needs no model. */
  prompt(principal: RequestPrincipal, input: ChatPromptInput): Promise<AgentPrompt>;
  /** Answers an open approval question this principal may answer (`always` remembers it); false when there is none. */
  answer(principal: RequestPrincipal, id: string, approved: boolean | 'always'): boolean;
  /** The open approval questions this principal may answer (an agent's go to people with rights over it). */
  approvals(principal: RequestPrincipal): OpenApproval<ChatApprovalQuestion>[];
}

const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_MAX_CHATS = 1000;

/** Who owns a conversation or a question: one principal in one workspace. */
function ownerOf(principal: RequestPrincipal): string {
  const id = principal.kind === 'user' ? principal.userId : principal.agentId;
  return `${principal.workspaceId}|${principal.kind}:${id}`;
}

/** What an approval question shows the person who may answer it. */
export interface ChatApprovalQuestion {
  request: ChatApprovalRequest;
  /** Whose turn asks: a user, or an agent (by name). */
  askedBy: { kind: 'user'; id: string } | { kind: 'agent'; id: string; name?: string };
}

function askedBy(
  principal: RequestPrincipal,
  scope: RuntimeScope,
): Pick<ChatApprovalQuestion, 'askedBy'> {
  if (principal.kind === 'user') return { askedBy: { kind: 'user', id: principal.userId } };
  const name = scope.policy.agent?.name;
  return {
    askedBy: { kind: 'agent', id: principal.agentId, ...(name === undefined ? {} : { name }) },
  };
}

/** Creates the {@link ChatService} over the runtime; the agent reaches skills only through it. */
export function createChatService(runtime: SkillRuntime, options: ChatOptions = {}): ChatService {
  const model = createChatModel(options.model);
  const modelSpec = options.model?.spec ?? '';
  const maxHistoryTokens = options.maxHistoryTokens ?? MAX_CHAT_HISTORY_TOKENS;
  const approvals = createChatApprovals<ChatApprovalQuestion>(
    options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
  );

  const { store } = runtime;
  const scripts = createChatScripts(runtime, options.scripts);
  runtime.signal.addEventListener('abort', () => void scripts.close(), { once: true });
  const maxPerWorkspace = options.maxChatsPerWorkspace ?? DEFAULT_MAX_CHATS;
  // A turn runs here now: a second one of the same conversation waits (per instance).
  const running = new Set<string>();
  const chatKey = (principal: RequestPrincipal, scope: RuntimeScope, chatId: string) =>
    `${ownerOf(principal)}|${scope.policy.agent?.id ?? ''}|${chatId}`;

  const recordUse = async (scope: RuntimeScope, use: AgentSkillUse) => {
    const attempt = await resolveSkillAttempt({
      scope,
      name: use.skill,
      entryPoint: use.by === 'user' ? 'slash_command' : 'use_skill',
      outcome: use.outcome,
    });
    if (attempt === undefined) return;
    runtime.usage.record({
      ...attempt,
      workspaceId: scope.policy.workspaceId,
      principal: scope.policy.principal,
      surface: 'agent',
      event: use.by === 'user' ? 'injection' : 'activation',
    });
  };

  const agentOptions = (
    scope: RuntimeScope,
    agentModel: LanguageModel,
    chatId: string,
  ): CreateAgentOptions => ({
    model: agentModel,
    registry: scope.skills.registry,
    policy: scope.policy.context,
    gate: scope.gate,
    catalog: { budget: scope.policy.catalogBudget, pinned: scope.policy.pinnedSkills },
    sessionId: chatId,
    onSkillUse: (use) => {
      recordUse(scope, use).catch((error: unknown) =>
        runtime.logger.warn(
          { err: loggableError(error), skill: use.skill },
          'chat skill use not recorded',
        ),
      );
    },
  });

  return {
    async turn(principal, input) {
      const { message, chatId, signal } = input;
      const agentModel = model.resolve();
      const scope = await runtime.open(principal, input.agent, input.tryRevision);
      const workspaceId = scope.policy.workspaceId;
      const key = chatKey(principal, scope, chatId);
      const runningKey = `${workspaceId}|${key}`;
      if (running.has(runningKey)) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'chat_busy',
          message: `Chat ${JSON.stringify(chatId)} is still answering the previous message; wait for it to finish.`,
        });
      }
      running.add(runningKey);
      let saved: Awaited<ReturnType<typeof store.chats.get>>;
      try {
        saved = await store.chats.get(workspaceId, key);
      } catch (error) {
        running.delete(runningKey);
        throw error;
      }
      return createUIMessageStream<ChatUIMessage>({
        execute: async ({ writer }) => {
          try {
            const output = createChatStreamWriter(writer);
            const scriptTools = scripts.forTurn(principal, scope, runningKey);
            const agent = createAgent({
              ...agentOptions(scope, agentModel, chatId),
              ...(scriptTools === undefined ? {} : { scripts: scriptTools }),
              history: (saved?.history ?? []) as ModelMessage[],
              activeSkills: saved?.activeSkills ?? [],
              approve: async (request) => {
                const run = await runApprovalOf(store, scope, request);
                const author = run?.author ?? undefined;
                const askerUser =
                  principal.kind === 'user' ? principal.userId : principal.actsForUserId;
                const presented = presentApprovalRequest(
                  request,
                  run && { ...run, askedByAuthor: author !== undefined && author === askerUser },
                );
                const question = approvals.open(
                  principal,
                  { request: presented, ...askedBy(principal, scope) },
                  {
                    ...(signal === undefined ? {} : { signal }),
                    ...(run === undefined
                      ? {}
                      : {
                          run: {
                            ...(author === undefined ? {} : { author }),
                            secrets: run.secrets.length > 0,
                          },
                        }),
                  },
                );
                const data = { id: question.id, request: presented };
                const part = { type: 'data-approval' as const, id: question.id };
                writer.write({ ...part, data: { ...data, status: 'pending' } });
                const status = await question.outcome;
                writer.write({ ...part, data: { ...data, status } });
                // Only a skill's use or script is remembered; a tool call is approved once.
                if (status === 'always') return request.kind === 'skill' ? 'always' : true;
                return status === 'approved';
              },
              approvals: workspaceApprovals(store.approvals, principal),
            });
            for await (const event of agent.send(message, signal ? { signal } : {})) {
              output.write(event);
            }
            output.end();
            await store.chats.save({
              workspaceId,
              key,
              history: boundChatHistory(agent.messages(), maxHistoryTokens),
              activeSkills: agent.activeSkills(),
              maxPerWorkspace,
            });
          } finally {
            running.delete(runningKey);
          }
        },
        onError: describeModelError,
      });
    },

    async prompt(principal, input) {
      const scope = await runtime.open(principal, input.agent);
      const chat =
        input.chatId === undefined
          ? undefined
          : await store.chats.get(
              scope.policy.workspaceId,
              chatKey(principal, scope, input.chatId),
            );
      const agent = createAgent({
        ...agentOptions(scope, PROMPT_ONLY_MODEL, input.chatId ?? 'prompt'),
        ...(chat === undefined ? {} : { activeSkills: chat.activeSkills }),
      });
      return agent.prompt(input.message);
    },

    async evaluateTriggers(principal, input) {
      const agentModel = model.resolve();
      const scope = await runtime.open(principal);
      const { onSkillUse: _notRecorded, ...agent } = agentOptions(scope, agentModel, 'eval');
      try {
        return await evaluateTriggersWithModel({
          ...input,
          model: modelSpec,
          skillCount: (await scope.gate.list('use_skill')).length,
          createSession: () => createAgent(agent),
        });
      } catch (error) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'model_failed',
          message: `The eval stopped: the model failed: ${(error as Error).message}`,
          cause: error,
        });
      }
    },

    answer: (principal, id, approved) => approvals.answer(principal, id, approved),
    approvals: (principal) => approvals.list(principal),
  };
}
