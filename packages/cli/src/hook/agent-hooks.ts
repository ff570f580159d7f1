import type { AgentName } from '../agents/agent-table.ts';
import type { AgentHook } from './agent-hook.ts';
import { claudeHook } from './claude-hook.ts';
import { codexHook } from './codex-hook.ts';
import { geminiHook } from './gemini-hook.ts';
import { opencodeHook } from './opencode-hook.ts';

const HOOKS: Partial<Record<AgentName, AgentHook>> = {
  claude: claudeHook,
  codex: codexHook,
  opencode: opencodeHook,
  gemini: geminiHook,
};

/** The hook of an agent; undefined for an agent whose hook Skillset does not answer yet. */
export function agentHook(agent: AgentName): AgentHook | undefined {
  return HOOKS[agent];
}
