import type { AgentName } from '../agents/agent-table.ts';
import type { AgentConnector } from './agent-connector.ts';
import { claudeConnector } from './claude-connector.ts';
import { codexConnector } from './codex-connector.ts';
import { geminiConnector } from './gemini-connector.ts';
import { opencodeConnector } from './opencode-connector.ts';

const CONNECTORS: Partial<Record<AgentName, AgentConnector>> = {
  claude: claudeConnector,
  codex: codexConnector,
  opencode: opencodeConnector,
  gemini: geminiConnector,
};

/** The connector of an agent; undefined for an agent Skillset cannot connect yet. */
export function agentConnector(agent: AgentName): AgentConnector | undefined {
  return CONNECTORS[agent];
}
