import {
  createActivationSession,
  createSkillTools,
  type ForkActivation,
  principalKindOf,
  type SkillToolsOptions,
  withSkillSpan,
} from '@skillset/core';
import { toAiSdkTools } from '@skillset/core/ai-sdk';
import { generateText, isStepCount, type LanguageModel, type ToolSet } from 'ai';
import { acceptsStrictTools } from './accepts-strict-tools.ts';
import type { AgentApproveFunction } from './agent-approval.ts';
import { FORK_SYSTEM_PROMPT } from './base-prompt.ts';
import { guardHostTools } from './guard-host-tools.ts';
import { matchesToolPatterns } from './tool-patterns.ts';

/** What a fork's sub-agent runs with. */
export interface ForkAgentContext {
  parentId: string;
  model: LanguageModel;
  /** The parent's skill-tool options (registry, policy, store, approvals); the session is the fork's own. */
  toolsOptions: Omit<SkillToolsOptions, 'session'>;
  hostTools: ToolSet;
  approvalTools: readonly string[];
  approve: AgentApproveFunction | undefined;
  maxSteps: number;
  maxRetries: number;
  signal?: AbortSignal;
}

/**
 * Runs a `context: fork` activation as a sub-agent (DESIGN.md §7): the rendered task and no parent
 * history; with `allowed-tools`, only those tools (pre-approved) and `read_skill_file`; resolves
 * with its final answer. The run is a `skillset.fork` span.
 */
export function runForkAgent(fork: ForkActivation, context: ForkAgentContext): Promise<string> {
  const principal = principalKindOf(context.toolsOptions.policy.principal);
  return withSkillSpan(
    { name: 'skillset.fork', attributes: { skill: fork.name, surface: 'model', principal } },
    () => runSubAgent(fork, context),
  );
}

async function runSubAgent(fork: ForkActivation, context: ForkAgentContext) {
  const session = createActivationSession({ id: `${context.parentId}/${fork.name}` });
  for (const name of fork.activated) session.markActive(name);
  const skillTools = toAiSdkTools(await createSkillTools({ ...context.toolsOptions, session }), {
    strict: acceptsStrictTools(context.model),
  });
  const { allowedTools, disallowedTools = [] } = fork;
  const guarded = guardHostTools({
    tools: context.hostTools,
    approvalTools: context.approvalTools,
    approve: context.approve,
    preApproved: async () => allowedTools ?? [],
  });
  const keep = (name: string) =>
    (allowedTools === undefined ||
      name === 'read_skill_file' ||
      matchesToolPatterns(name, allowedTools)) &&
    !matchesToolPatterns(name, disallowedTools);
  const tools = Object.fromEntries(
    Object.entries({ ...guarded, ...skillTools }).filter(([name]) => keep(name)),
  );
  const result = await generateText({
    model: context.model,
    instructions: FORK_SYSTEM_PROMPT,
    prompt: fork.task,
    tools,
    stopWhen: isStepCount(context.maxSteps),
    maxRetries: context.maxRetries,
    ...(context.signal === undefined ? {} : { abortSignal: context.signal }),
  });
  return result.text;
}
