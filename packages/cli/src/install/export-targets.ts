import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { type AgentFolderContext, agentSkillFolders } from '../agents/agent-skill-folders.ts';
import {
  AGENT_NAMES,
  type AgentName,
  agentDefinition,
  isAgentName,
} from '../agents/agent-table.ts';
import { chooseCopyFolders } from './choose-copy-folders.ts';

/** Where `export` writes: the agents `--to` named and the scope of their folders. */
export interface ExportScope {
  agents: AgentName[];
  context: AgentFolderContext;
  /** The user's folders instead of the project's. */
  global: boolean;
}

/** The agents of `--to`, in the agent table's order, and notes for old spellings. */
export interface ExportAgents {
  agents: AgentName[];
  notes: string[];
}

/** One folder `export` writes a skill into, and the agents that read it there. */
export interface ExportTarget {
  root: string;
  agents: AgentName[];
}

const realOrSelf = (folder: string) => realpath(folder).catch(() => folder);

/**
 * Resolves `--to` names: the agent table's names (`sync --agent` takes the same), and `agents`,
 * which named `.agents/skills` before that became Codex's folder, as `codex` with a note.
 */
export function resolveExportAgents(names: readonly string[]): ExportAgents {
  const notes: string[] = [];
  const wanted = new Set<AgentName>();
  for (const name of names) {
    if (name === 'agents') {
      wanted.add('codex');
      notes.push(
        `--to agents is now --to codex: ${agentDefinition('codex').projectFolder.path}, which Codex, OpenCode and Gemini CLI read.`,
      );
    } else if (isAgentName(name)) wanted.add(name);
  }
  return { agents: AGENT_NAMES.filter((agent) => wanted.has(agent)), notes };
}

/**
 * The skills folders a skill at `folder` is exported to: one copy each agent reads, and none for
 * an agent that already reads the skill where it is (`chooseCopyFolders`).
 */
export async function findExportTargets(
  folder: string,
  scope: ExportScope,
): Promise<ExportTarget[]> {
  const source = await realOrSelf(path.dirname(folder));
  const reads = [
    ...new Set(
      scope.agents.flatMap((agent) => agentSkillFolders(agent, scope.context, scope.global).reads),
    ),
  ];
  const present: string[] = [];
  for (const read of reads) if ((await realOrSelf(read)) === source) present.push(read);
  const copies = chooseCopyFolders({ ...scope, present });
  return copies.write.map((root) => ({
    root,
    agents: scope.agents.filter((agent) => copies.readFrom.get(agent) === root),
  }));
}

/**
 * For each of `agents`, the folders it reads a skill named `name` from when there is more than
 * one (an older copy elsewhere), as "Codex reads deploy from a and b".
 */
export async function findSecondCopies(
  name: string,
  agents: readonly AgentName[],
  scope: ExportScope,
  show: (folder: string) => string,
): Promise<string[]> {
  const found: string[] = [];
  for (const agent of agents) {
    const held: string[] = [];
    for (const read of agentSkillFolders(agent, scope.context, scope.global).reads) {
      const folder = path.join(read, name);
      if ((await lstat(folder).catch(() => undefined)) !== undefined) held.push(show(folder));
    }
    if (held.length > 1)
      found.push(`${agentDefinition(agent).label} reads ${name} from ${held.join(' and ')}`);
  }
  return found;
}
