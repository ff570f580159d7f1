import { randomUUID } from 'node:crypto';
import {
  type ApproveFunction,
  createActivationSession,
  createPolicyGate,
  createSkillTools,
  describeInvocation,
  type ForkActivation,
  invokeMessage,
  type PolicyContext,
  type PolicyGate,
  type RememberedApprovals,
  rememberApprovals,
  SCRIPT_TOOL_NAMES,
  type SkillRegistry,
  type SkillScriptToolsOptions,
  type SkillStore,
  type SkillToolResult,
} from '@skillset/core';
import { toAiSdkTools } from '@skillset/core/ai-sdk';
import { loadRankerData } from '@skillset/core/node';
import { isStepCount, type LanguageModel, type ModelMessage, streamText, type ToolSet } from 'ai';
import { acceptsStrictTools } from './accepts-strict-tools.ts';
import type { AgentApproveFunction } from './agent-approval.ts';
import type { AgentEvent } from './agent-event.ts';
import {
  type AgentCatalogOptions,
  type AgentPrompt,
  createPromptAssembler,
} from './assemble-agent-prompt.ts';
import { BASE_SYSTEM_PROMPT, SAVE_PROCEDURE_PROMPT } from './base-prompt.ts';
import { describeModelError } from './describe-model-error.ts';
import { guardHostTools, toAvailableTools } from './guard-host-tools.ts';
import { runForkAgent } from './run-fork-agent.ts';
import { matchesToolPatterns } from './tool-patterns.ts';

/** One use of a skill through the agent, for usage records (surface `agent`). */
export interface AgentSkillUse {
  skill: string;
  /** `user`: a `/name` in a message; `model`: a `use_skill` call. */
  by: 'user' | 'model';
  /**
   * `ok`, or the error code of the failed attempt: a refused `/name` is `permission_denied`, one
   * an `ask` rule held back `approval_denied` (or `approval_required` when nobody can be asked).
   */
  outcome: string;
}

/** Options for {@link createAgent}. */
export interface CreateAgentOptions {
  model: LanguageModel;
  /** The model a fork skill's `model` field names; the agent's own model when undefined. */
  modelFor?: (id: string) => LanguageModel | undefined;
  registry: SkillRegistry;
  /** Who asks, and the rules that apply (DESIGN.md §5). */
  policy: PolicyContext;
  /** The host's policy gate (the server's, with its switches, owners and content scans); default: one over `registry` and `policy`. */
  gate?: PolicyGate;
  /** Where the management tools write; without it the model cannot create or change skills. */
  store?: SkillStore;
  /** The host's own tools. */
  tools?: ToolSet;
  /** Host tools that need a person's approval before each call (an active skill's `allowed-tools` approves in advance). */
  approvalTools?: readonly string[];
  /** The base of the system prompt; default {@link BASE_SYSTEM_PROMPT}. */
  systemPrompt?: string;
  catalog?: AgentCatalogOptions;
  /** Asks a person where a rule says `ask` or a tool needs approval; without it those are refused. */
  approve?: AgentApproveFunction;
  /**
   * Where a skill approval answered `always` is kept, bound to the skill's content digest: the
   * same content is approved without asking, a changed skill asks again. Without it `always`
   * approves once.
   */
  approvals?: RememberedApprovals;
  /** Model steps per turn (each tool round is one); default 20. */
  maxSteps?: number;
  /** Retries of a failed model call; default 1. */
  maxRetries?: number;
  sessionId?: string;
  /** The conversation so far, to continue one that an earlier session held (see {@link AgentSession.messages}). */
  history?: readonly ModelMessage[];
  /** Skills already active in that conversation: re-activating one adds a short note. */
  activeSkills?: readonly string[];
  prefixes?: readonly string[];
  onSkillUse?: (use: AgentSkillUse) => void;
  /**
   * Runs the active skills' scripts (`run_skill_script`, `read_scratch_file`), offered only while
   * a skill is active; the host owns the runner and disposes it when the conversation ends.
   */
  scripts?: SkillScriptToolsOptions;
}

/** A conversation with the agent. */
export interface AgentSession {
  readonly id: string;
  /** The conversation so far, without the system prompt. */
  messages(): ModelMessage[];
  /** The names of the skills active in this conversation, in activation order. */
  activeSkills(): string[];
  /** The system prompt the next turn would use for `message`, and why each skill is or is not listed. */
  prompt(message: string): Promise<AgentPrompt>;
  /** Runs one turn: `/name`s first, then the model loop; streams events, ending with `finish` or `error`. */
  send(message: string, options?: { signal?: AbortSignal }): AsyncGenerator<AgentEvent>;
}

function isFailure(output: unknown): boolean {
  return typeof output === 'object' && output !== null && (output as SkillToolResult).ok === false;
}

/** The gate's approve function: the person's, consulting remembered approvals when there are any. */
function skillApproval(
  approve: AgentApproveFunction | undefined,
  approvals: RememberedApprovals | undefined,
  registry: SkillRegistry,
): ApproveFunction | undefined {
  if (approve === undefined) return undefined;
  if (approvals === undefined)
    return async (request) => (await approve({ kind: 'skill', ...request })) !== false;
  return rememberApprovals({
    registry,
    approvals,
    ask: (request) => approve({ kind: 'skill', ...request }),
  });
}

/**
 * Creates an agent session (DESIGN.md §11): the system prompt carries the skills the policy allows,
 * `/name` and `$name` run through core's invocation flow before the model sees the message, and
 * the model loop exposes the skill tools, runs `context: fork` skills as sub-agents and asks for
 * approval where policy or a tool says so.
 */
export function createAgent(options: CreateAgentOptions): AgentSession {
  const { registry, policy, store, approve, onSkillUse } = options;
  const id = options.sessionId ?? randomUUID();
  const maxSteps = options.maxSteps ?? 20;
  const maxRetries = options.maxRetries ?? 1;
  const hostTools = options.tools ?? {};
  const approvalTools = options.approvalTools ?? [];
  const session = createActivationSession({ id });
  const history: ModelMessage[] = [...(options.history ?? [])];
  for (const name of options.activeSkills ?? []) session.markActive(name);
  const approveSkill = skillApproval(approve, options.approvals, registry);
  const shared = {
    registry,
    policy,
    ...(store === undefined ? {} : { store }),
    ...(approveSkill === undefined ? {} : { approve: approveSkill }),
    ...(options.gate === undefined ? {} : { gate: options.gate }),
    ...(options.scripts === undefined ? {} : { scripts: options.scripts }),
    ranker: loadRankerData(),
  };
  const gate = options.gate?.withApprove(approveSkill) ?? createPolicyGate(shared);
  const base = `${options.systemPrompt ?? BASE_SYSTEM_PROMPT}${store === undefined ? '' : `\n${SAVE_PROCEDURE_PROMPT}`}`;
  const assemble = createPromptAssembler({
    registry,
    gate,
    base,
    ...(options.catalog === undefined ? {} : { catalog: options.catalog }),
  });

  /** The `allowed-tools` and `disallowed-tools` of the active skills. */
  const activeToolRules = async () => {
    const allowed: string[] = [];
    const disallowed: string[] = [];
    for (const name of session.activeSkills()) {
      const manifest = (await registry.resolve(name))?.manifest;
      allowed.push(...(manifest?.allowedTools ?? []));
      disallowed.push(...(manifest?.disallowedTools ?? []));
    }
    return { allowed, disallowed };
  };

  const runFork = (fork: ForkActivation, signal?: AbortSignal) =>
    runForkAgent(fork, {
      parentId: id,
      model:
        (fork.model === undefined ? undefined : options.modelFor?.(fork.model)) ?? options.model,
      toolsOptions: shared,
      hostTools,
      approvalTools,
      approve,
      maxSteps,
      maxRetries,
      ...(signal === undefined ? {} : { signal }),
    });

  async function* send(
    message: string,
    sendOptions: { signal?: AbortSignal } = {},
  ): AsyncGenerator<AgentEvent> {
    const { signal } = sendOptions;
    const activeBefore = new Set(session.activeSkills());
    const rollback = () => {
      for (const name of session.activeSkills()) {
        if (!activeBefore.has(name)) session.markInactive(name);
      }
    };
    try {
      const invoked = await invokeMessage({
        message,
        registry,
        gate,
        entryPoint: 'slash_command',
        session,
        ...(options.prefixes === undefined ? {} : { prefixes: options.prefixes }),
        // An activation an `ask` rule holds back is reported once a person has answered.
        onAttempt: (entry, outcome, requiresApproval) => {
          if (requiresApproval) return;
          onSkillUse?.({ skill: entry.name, by: 'user', outcome });
        },
      });
      if (!invoked.success) {
        rollback();
        yield { type: 'error', message: invoked.error.message };
        return;
      }
      for (const { entry } of invoked.refused) {
        onSkillUse?.({ skill: entry.name, by: 'user', outcome: 'permission_denied' });
      }
      for (const invocation of [...invoked.unknown, ...invoked.refused.map((r) => r.invocation)]) {
        yield {
          type: 'notice',
          message: `${describeInvocation(invocation)} is not a skill you can use here; it was sent as ordinary text.`,
        };
      }
      const parts: string[] = [];
      for (const { entry, activation, decision, requiresApproval } of invoked.activations) {
        if (requiresApproval) {
          const request = {
            tool: 'slash_command',
            skill: entry.name,
            entryPoint: 'slash_command' as const,
            decision,
          };
          if (approveSkill === undefined || !(await approveSkill(request))) {
            rollback();
            onSkillUse?.({
              skill: entry.name,
              by: 'user',
              outcome: approveSkill === undefined ? 'approval_required' : 'approval_denied',
            });
            const why =
              approveSkill === undefined
                ? "needs a person's approval, and none can be asked here"
                : 'was declined';
            yield { type: 'error', message: `Using skill ${entry.name} ${why}.` };
            return;
          }
          onSkillUse?.({ skill: entry.name, by: 'user', outcome: 'ok' });
        }
        const alreadyActive = activation.kind === 'inline' && activation.alreadyActive;
        yield {
          type: 'activation',
          skill: entry.name,
          kind: activation.kind,
          by: 'user',
          alreadyActive,
        };
        if (activation.kind === 'inline') parts.push(activation.content);
        else {
          const answer = await runFork(activation, signal);
          parts.push(`<skill_result name="${activation.name}">\n${answer}\n</skill_result>`);
        }
      }
      if (invoked.text !== '') parts.push(invoked.text);
      if (parts.length === 0) {
        yield { type: 'error', message: 'The message is empty: type a request or /skill-name.' };
        return;
      }
      const userMessage: ModelMessage = {
        role: 'user',
        content: parts.map((text) => ({ type: 'text' as const, text })),
      };

      const guarded = guardHostTools({
        tools: hostTools,
        approvalTools,
        approve,
        preApproved: async () => (await activeToolRules()).allowed,
      });
      // Dispatch wrappers run the guarded tools, so they ask for approval as the tools do.
      const skillTools = await createSkillTools({
        ...shared,
        session,
        availableTools: await toAvailableTools(guarded),
        runFork: (fork) => runFork(fork, signal),
      });
      const tools: ToolSet = {
        ...guarded,
        ...toAiSdkTools(skillTools, { strict: acceptsStrictTools(options.model) }),
      };
      const prompt = await assemble(
        invoked.text === '' ? message : invoked.text,
        session.activeSkills(),
      );
      const result = streamText({
        model: options.model,
        instructions: prompt.system,
        messages: [...history, userMessage],
        tools,
        stopWhen: isStepCount(maxSteps),
        maxRetries,
        ...(signal === undefined ? {} : { abortSignal: signal }),
        // Errors arrive as `error` parts below; the default handler would also print them.
        onError: () => {},
        prepareStep: async () => {
          const { disallowed } = await activeToolRules();
          // Scripts belong to active skills: with none active, the script tools are not offered.
          const hidden: readonly string[] =
            session.activeSkills().length === 0 ? SCRIPT_TOOL_NAMES : [];
          if (disallowed.length === 0 && hidden.length === 0) return {};
          return {
            activeTools: Object.keys(tools).filter(
              (name) => !matchesToolPatterns(name, disallowed) && !hidden.includes(name),
            ),
          };
        },
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield { type: 'text-delta', text: part.text };
        else if (part.type === 'tool-call') {
          const { toolCallId, toolName, input } = part;
          yield { type: 'tool-call', toolCallId, toolName, input };
        } else if (part.type === 'tool-result') {
          const { toolCallId, toolName, output } = part;
          yield { type: 'tool-result', toolCallId, toolName, output, isError: isFailure(output) };
          if (toolName === 'use_skill') yield* reportModelUse(part.input, output);
        } else if (part.type === 'tool-error') {
          const { toolCallId, toolName, error } = part;
          const output = error instanceof Error ? error.message : String(error);
          yield { type: 'tool-result', toolCallId, toolName, output, isError: true };
        } else if (part.type === 'error') throw part.error;
      }
      // Every step's messages (tool calls and results too), not only the last step's.
      history.push(userMessage, ...(await result.responseMessages));
      yield { type: 'finish', text: await result.text };
    } catch (error) {
      rollback();
      yield { type: 'error', message: signal?.aborted ? 'Cancelled.' : describeModelError(error) };
    }
  }

  function* reportModelUse(input: unknown, output: unknown): Generator<AgentEvent> {
    const requested = (input as { skill?: unknown } | undefined)?.skill;
    const result = output as SkillToolResult<{
      activation?: { name: string; kind: 'inline' | 'fork'; alreadyActive?: boolean };
    }>;
    if (result.ok && result.data?.activation !== undefined) {
      const { activation } = result.data;
      onSkillUse?.({ skill: activation.name, by: 'model', outcome: 'ok' });
      yield {
        type: 'activation',
        skill: activation.name,
        kind: activation.kind,
        by: 'model',
        alreadyActive: activation.alreadyActive === true,
      };
    } else if (!result.ok && typeof requested === 'string') {
      onSkillUse?.({ skill: requested, by: 'model', outcome: result.error.code });
    }
  }

  return {
    id,
    messages: () => [...history],
    activeSkills: () => session.activeSkills(),
    prompt: (message) => assemble(message, session.activeSkills()),
    send,
  };
}
