import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import { agentHook } from './agent-hooks.ts';
import type { HookRanker } from './create-hook-ranker.ts';

/** How many skills the hook suggests per prompt (decision 0143: recall flattens past it). */
export const HOOK_SUGGESTIONS = 10;

/** The longest query ranked: a longer prompt keeps its first and last halves of this. */
export const HOOK_QUERY_LIMIT = 4000;

/** One hook call: the agent, its raw hook input, and where and how it runs. */
export interface HookCall {
  agent: AgentName;
  input: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** What the hook process prints; it always exits 0. */
export interface HookAnswer {
  stdout: string;
  stderr: string;
}

/** The text ranked for a prompt; undefined for an empty prompt or a slash command. */
export function hookQueryOf(prompt: string): string | undefined {
  const text = prompt.trim();
  if (text === '' || text.startsWith('/')) return undefined;
  if (text.length <= HOOK_QUERY_LIMIT) return text;
  const half = HOOK_QUERY_LIMIT / 2;
  return `${text.slice(0, half)}\n${text.slice(-half)}`;
}

/**
 * Answers one call of an agent's per-prompt hook: the skills most relevant to the prompt, in the
 * agent's answer format. Never throws: whatever goes wrong is one line on stderr and no context, so
 * the hook never breaks the agent.
 */
export async function answerHook(ranker: HookRanker, call: HookCall): Promise<HookAnswer> {
  const hook = agentHook(call.agent);
  if (hook === undefined) {
    return {
      stdout: '',
      stderr: `skillset hook: ${agentDefinition(call.agent).label} hooks are not supported yet; no skills suggested.\n`,
    };
  }
  const input = hook.parseInput(call.input);
  if ('problem' in input) {
    return { stdout: '', stderr: `skillset hook: ${input.problem}; no skills suggested.\n` };
  }
  const query = hookQueryOf(input.prompt);
  if (query === undefined) return { stdout: '', stderr: '' };
  try {
    const skills = await ranker.rank({
      agent: call.agent,
      cwd: input.cwd ?? call.cwd,
      env: call.env,
      query,
      limit: HOOK_SUGGESTIONS,
    });
    return { stdout: hook.renderOutput(skills), stderr: '' };
  } catch (error) {
    return {
      stdout: '',
      stderr: `skillset hook: ${(error as Error).message}; no skills suggested.\n`,
    };
  }
}
